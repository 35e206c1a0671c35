import HTTPTypes

/// A key of ``KeyedAPIParameters``: usually a `String`-backed enum, so a typo in a parameter
/// name is a compile error.
///
/// A `String` raw value is the parameter name; declare the conformance and nothing else:
///
/// ```swift
/// enum Key: String, ParamJSONKey { case query = "q", page }
/// ```
public protocol ParamJSONKey: Hashable, Sendable {
    /// The parameter name as sent.
    var paramName: String { get }
}

extension ParamJSONKey where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var paramName: String { rawValue }
}

/// Parameters whose names are the cases of a ``ParamJSONKey`` enum.
///
/// ```swift
/// struct Search: KeyedAPIParameters {
///     enum Key: String, ParamJSONKey { case query = "q", page, exact }
///     var query: String
///     var page: Int
///     var exact: Bool?
///     func toKeyedDictionary() -> [Key: any APIParamConvertible] {
///         [.query: query, .page: page, .exact: exact]
///     }
/// }
/// ```
public protocol KeyedAPIParameters: APIParameters {
    /// The type of the parameter names.
    associatedtype Key: ParamJSONKey
    /// The parameters by key.
    func toKeyedDictionary() throws -> [Key: any APIParamConvertible]
}

extension KeyedAPIParameters {
    /// ``toKeyedDictionary()`` with each key replaced by its ``ParamJSONKey/paramName``.
    ///
    /// Two keys with the same name would silently overwrite each other, so that is an error:
    /// ``EndpointRequestError/duplicateParameterName(_:)``.
    public func toParamDictionary() throws -> [String: any APIParamConvertible] {
        let keyed = try toKeyedDictionary()
        var result = [String: any APIParamConvertible](minimumCapacity: keyed.count)
        for (key, value) in keyed {
            guard result.updateValue(value, forKey: key.paramName) == nil else {
                throw EndpointRequestError.duplicateParameterName(key.paramName)
            }
        }
        return result
    }
}

extension KeyedAPIParameters where Key: CaseIterable {
    /// An ``ParamValue/orderedObject(_:)`` of ``toKeyedDictionary()``, its members in the order of
    /// `Key.allCases` (the order the cases are declared in), so ``QueryEncoder/KeyOrder/declared``
    /// can keep it.
    ///
    /// - Throws: ``EndpointRequestError/duplicateParameterName(_:)`` when two keys have one name.
    public func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        let keyed = try toKeyedDictionary()
        var members: [ParamMember] = []
        members.reserveCapacity(keyed.count)
        var names = Set<String>(minimumCapacity: keyed.count)
        for key in Key.allCases {
            guard let value = keyed[key] else { continue }
            guard names.insert(key.paramName).inserted else { throw EndpointRequestError.duplicateParameterName(key.paramName) }
            members.append(ParamMember(key.paramName, try value.value(forHTTPMethod: method)))
        }
        return .orderedObject(members)
    }
}
