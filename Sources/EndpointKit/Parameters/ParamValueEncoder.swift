import Foundation
import HTTPTypes

/// Turns any `Encodable` value into a ``ParamValue`` tree: the bridge that lets a `Codable`
/// model serve as query, form or JSON parameters.
///
/// `Date`, `URL`, `Decimal` and `UUID` keep their meaning (a ``ParamValue/date(_:)``, the URL's
/// string, a ``ParamValue/decimal(_:)``, the UUID string) instead of the numbers and nested
/// containers their `encode(to:)` would produce. `Data` becomes a Base64 string, as with
/// `JSONEncoder`. `nil` optionals encoded with `encodeIfPresent` (the synthesised default) are
/// absent; an explicit `encodeNil` gives ``ParamValue/null``.
///
/// A keyed type becomes an ``ParamValue/orderedObject(_:)`` in the order its `encode(to:)` writes
/// the members (the declaration order, for a synthesised conformance), so
/// ``QueryEncoder/KeyOrder/declared`` can keep it; a `Dictionary` has no order and becomes an
/// ``ParamValue/object(_:)``.
///
/// ```swift
/// struct Filter: Encodable { var word: String; var limit: Int }
/// let tree = try ParamValueEncoder().encode(Filter(word: "swift", limit: 5))
/// // .orderedObject([ParamMember("word", "swift"), ParamMember("limit", 5)])
/// ```
public struct ParamValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The tree of `value`.
    ///
    /// - Throws: ``EndpointRequestError/parameterEncodingFailed(path:reason:)`` naming the coding
    ///   path, when the value's `encode(to:)` throws or encodes nothing.
    public func encode(_ value: some Encodable) throws -> ParamValue {
        do {
            if let leaf = ParamValueEncoder.leafValue(value) { return leaf }
            let encoder = TreeEncoder(codingPath: [])
            try value.encode(to: encoder)
            guard let root = encoder.root else {
                throw EndpointRequestError.parameterEncodingFailed(path: "$", reason: "the value encoded nothing")
            }
            if value is any UnorderedKeyedEncodable { root.markUnordered() }
            return root.value
        } catch let error as EndpointRequestError {
            throw error
        } catch let EncodingError.invalidValue(_, context) {
            throw EndpointRequestError.parameterEncodingFailed(
                path: Self.render(context.codingPath), reason: context.debugDescription)
        } catch {
            throw EndpointRequestError.parameterEncodingFailed(path: "$", reason: String(describing: error))
        }
    }

    /// The node of a value that is a leaf of the tree: a primitive, or a Foundation type whose
    /// meaning its own `encode(to:)` would lose.
    static func leafValue(_ value: some Encodable) -> ParamValue? {
        switch value {
        case let string as String: .string(string)
        case let bool as Bool: .bool(bool)
        case let double as Double: .double(double)
        case let float as Float: float.value(forHTTPMethod: .get)
        case let integer as Int: .integer(Int64(integer))
        case let integer as Int8: .integer(Int64(integer))
        case let integer as Int16: .integer(Int64(integer))
        case let integer as Int32: .integer(Int64(integer))
        case let integer as Int64: .integer(integer)
        case let integer as UInt: .unsigned(UInt64(integer))
        case let integer as UInt8: .integer(Int64(integer))
        case let integer as UInt16: .integer(Int64(integer))
        case let integer as UInt32: .integer(Int64(integer))
        case let integer as UInt64: .unsigned(integer)
        case let date as Date: .date(date)
        case let url as URL: .string(url.absoluteString)
        case let decimal as Decimal: .decimal(decimal)
        case let uuid as UUID: .string(uuid.uuidString)
        case let data as Data: .string(data.base64EncodedString())
        default: nil
        }
    }

    static func render(_ path: [any CodingKey]) -> String {
        path.reduce("$") { partial, key in
            if let index = key.intValue { return "\(partial)[\(index)]" }
            return "\(partial).\(key.stringValue)"
        }
    }
}

/// A `ParamValue` under construction: containers are shared references while encoding.
private final class Node {
    enum Content {
        case value(ParamValue)
        case array([Node])
        case object(ObjectNodes)
    }

    var content: Content

    init(_ content: Content) { self.content = content }

    /// Records that this object's member order means nothing (a `Dictionary`'s).
    func markUnordered() {
        guard case .object(var object) = content else { return }
        content = .value(.null)  // drop the second reference, so the change does not copy
        object.isOrdered = false
        content = .object(object)
    }

    var value: ParamValue {
        switch content {
        case .value(let value): value
        case .array(let nodes): .array(nodes.map(\.value))
        case .object(let object): object.value
        }
    }
}

/// The members of an object under construction, in the order they were first set.
private struct ObjectNodes {
    var names: [String] = []
    var nodes: [String: Node] = [:]
    /// Whether the order means something: not for a `Dictionary`, whose order is its hash order.
    var isOrdered = true

    /// Sets `node` under `name`; a name set again keeps its first place.
    mutating func set(_ node: Node, for name: String) {
        if nodes.updateValue(node, forKey: name) == nil { names.append(name) }
    }

    var value: ParamValue {
        isOrdered ? .orderedObject(names.map { ParamMember($0, nodes[$0]!.value) }) : .object(nodes.mapValues(\.value))
    }
}

/// The types whose keyed encoding has no meaningful order.
private protocol UnorderedKeyedEncodable {}
extension Dictionary: UnorderedKeyedEncodable {}

private final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Where the encoded root goes when this encoder writes into a parent container.
    private let attach: ((Node) -> Void)?
    var root: Node? {
        didSet { if let root { attach?(root) } }
    }

    init(codingPath: [any CodingKey], attach: ((Node) -> Void)? = nil) {
        self.codingPath = codingPath
        self.attach = attach
    }

    private func container(_ make: () -> Node.Content) -> Node {
        if let root { return root }
        let node = Node(make())
        root = node
        return node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let node = container { .object(ObjectNodes()) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(node: container { .array([]) }, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }

    /// Encodes `value` below this encoder's path and returns its node.
    static func node(for value: some Encodable, at path: [any CodingKey]) throws -> Node {
        if let leaf = ParamValueEncoder.leafValue(value) { return Node(.value(leaf)) }
        let encoder = TreeEncoder(codingPath: path)
        try value.encode(to: encoder)
        let node = encoder.root ?? Node(.object(ObjectNodes()))
        if value is any UnorderedKeyedEncodable { node.markUnordered() }
        return node
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue!) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func set(_ child: Node, for key: Key) {
        guard case .object(var members) = node.content else { return }
        node.content = .value(.null)  // drop the second reference, so the insertion does not copy
        members.set(child, for: key.stringValue)
        node.content = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws { set(Node(.value(.null)), for: key) }

    // The primitive `encode` overloads default to this one.
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try TreeEncoder.node(for: value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Node(.object(ObjectNodes()))
        set(child, for: key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node(.array([]))
        set(child, for: key)
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(forKey: Key(stringValue: "super")!)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let node = node
        return TreeEncoder(codingPath: codingPath + [key]) { child in
            guard case .object(var members) = node.content else { return }
            members.set(child, for: key.stringValue)
            node.content = .object(members)
        }
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int {
        guard case .array(let elements) = node.content else { return 0 }
        return elements.count
    }

    private func append(_ child: Node) {
        guard case .array(var elements) = node.content else { return }
        node.content = .value(.null)  // drop the second reference, so the append does not copy
        elements.append(child)
        node.content = .array(elements)
    }

    mutating func encodeNil() throws { append(Node(.value(.null))) }

    // The primitive `encode` overloads default to this one.
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try TreeEncoder.node(for: value, at: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Node(.object(ObjectNodes()))
        let path = codingPath + [IndexKey(count)]
        append(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node(.array([]))
        let path = codingPath + [IndexKey(count)]
        append(child)
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let placeholder = Node(.value(.null))
        let path = codingPath + [IndexKey(count)]
        append(placeholder)
        return TreeEncoder(codingPath: path) { child in placeholder.content = child.content }
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: @autoclosure () throws -> Node) throws {
        guard encoder.root == nil else {
            throw EncodingError.invalidValue(
                0, .init(codingPath: codingPath, debugDescription: "a single value container was encoded twice"))
        }
        encoder.root = try node()
    }

    mutating func encodeNil() throws { try set(Node(.value(.null))) }

    // The primitive `encode` overloads default to this one.
    mutating func encode<T: Encodable>(_ value: T) throws {
        try set(try TreeEncoder.node(for: value, at: codingPath))
    }
}

/// Any `Encodable` value as ``APIParameters``: its encoded object is the parameter dictionary.
///
/// ```swift
/// struct Query: Encodable { var q: String; var page: Int }
/// let parameters = EncodableParameters(Query(q: "swift", page: 2))
/// ```
///
/// A value that does not encode as a keyed object (a bare string, an array) is still a valid
/// ``APIParamConvertible`` (for a JSON body), but ``toParamDictionary()`` throws
/// ``EndpointRequestError/parametersNotAnObject(location:kind:)``.
public struct EncodableParameters<Value: Encodable & Sendable>: APIParameters {
    /// The wrapped value.
    public var wrapped: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        wrapped = value
    }

    /// The encoded tree of the value, whatever the method.
    public func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        try ParamValueEncoder().encode(wrapped)
    }

    /// The members of the encoded object.
    public func toParamDictionary() throws -> [String: any APIParamConvertible] {
        let tree = try ParamValueEncoder().encode(wrapped)
        guard let members = tree.memberDictionary else {
            throw EndpointRequestError.parametersNotAnObject(location: "Encodable", kind: tree.kindName)
        }
        return members
    }
}
