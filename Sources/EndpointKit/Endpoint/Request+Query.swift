import HTTPTypes

extension Request {
    /// Appends `?` and the query to `target`: the server URL's fixed query first, then
    /// ``queryObject``, ``queryParameters`` and the page's parameters, as ``queryEncoder`` writes
    /// them. Nothing when there is no query.
    func appendQuery(to target: inout [UInt8], server: ServerURL, page: Int, method: HTTPRequest.Method) throws {
        let dictionary = try queryParameters?.paramTree(forHTTPMethod: method) ?? [:]
        let object = try queryObject?.value(forHTTPMethod: method)
        let paging = try pageParameters(page)
        // Most requests have no query at all: no encoder is copied and no buffer made for them.
        if dictionary.isEmpty, object == nil, paging?.isEmpty ?? true, server.fixedQuery.isEmpty { return }
        let encoder = queryEncoder
        var encoded: [UInt8] = []
        encoded.reserveCapacity(128)
        if object == nil, encoder.keyEncoding.isIdentity, server.fixedQuery.isEmpty {
            // The common case, as it always was: one dictionary, sorted.
            var query = dictionary
            for (name, value) in paging ?? [:] {
                guard query.updateValue(value, forKey: name) == nil else { throw EndpointRequestError.duplicateParameterName(name) }
            }
            if !query.isEmpty { try encoder.append(query, to: &encoded) }
        } else {
            var members = try topLevelMembers(object: object, dictionary: dictionary, paging: paging ?? [:], encoder: encoder)
            members = try server.fixedQuery.merging(members, encoder: encoder, serverURL: server.descriptionWithoutQuery)
            try encoder.append(members, to: &encoded, encodesNames: false)
        }
        guard !server.fixedQuery.isEmpty || !encoded.isEmpty else { return }
        target.append(UInt8(ascii: "?"))
        target.append(contentsOf: server.fixedQuery.bytes)
        if !server.fixedQuery.isEmpty && !encoded.isEmpty { target.append(UInt8(ascii: "&")) }
        target.append(contentsOf: encoded)
    }

    /// The page's query parameters, or `nil` when the payload does not page.
    ///
    /// - Throws: ``EndpointRequestError/invalidPage(_:)`` or
    ///   ``EndpointRequestError/pagingUnsupported(payload:)``.
    private func pageParameters(_ page: Int) throws -> [String: ParamValue]? {
        if let pageable = Response.self as? any EndpointPageable.Type {
            return try pageable.pageParameters(page: page)
        }
        guard page == 1 else {
            throw page < 1 ? EndpointRequestError.invalidPage(page) : EndpointRequestError.pagingUnsupported(payload: String(describing: Response.self))
        }
        return nil
    }

    /// The query's top-level members, their names as the encoder writes them (paging labels as
    /// they are), in the encoder's order: ``queryObject``'s (declared or sorted), then the
    /// dictionary's and the page's.
    ///
    /// - Throws: ``EndpointRequestError/duplicateParameterName(_:)`` for a name given twice, and
    ///   ``EndpointRequestError/parametersNotAnObject(location:kind:)`` for a ``queryObject`` that
    ///   is not an object.
    private func topLevelMembers(object: ParamValue?, dictionary: [String: ParamValue], paging: [String: ParamValue], encoder: QueryEncoder)
        throws -> [ParamMember]
    {
        let declared = encoder.keyOrder == .declared
        var members: [ParamMember] = []
        if let object {
            guard let objectMembers = object.members(declared: declared) else {
                throw EndpointRequestError.parametersNotAnObject(location: "query", kind: object.kindName)
            }
            members = objectMembers
        }
        members += ParamValue.object(dictionary).members(declared: false)!
        members = members.map { ParamMember(encoder.encodedName($0.name), $0.value) }
        members += ParamValue.object(paging).members(declared: false)!
        var names = Set<String>(minimumCapacity: members.count)
        for member in members where !names.insert(member.name).inserted {
            throw EndpointRequestError.duplicateParameterName(member.name)
        }
        if !declared { members.sort { $0.name < $1.name } }
        return members
    }
}
