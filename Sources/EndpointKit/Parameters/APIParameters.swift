import HTTPTypes

/// A group of named parameters with `String` keys: a value that renders as an object.
///
/// Conform a type when you prefer plain string keys to a key enum (see ``KeyedAPIParameters``):
///
/// ```swift
/// struct Page: APIParameters {
///     var number: Int
///     var size: Int?
///     func toParamDictionary() -> [String: any APIParamConvertible] {
///         ["page": number, "per_page": size]
///     }
/// }
/// ```
///
/// Nested `APIParameters` render as nested objects: `filter[kind]=x` in a query with the default
/// ``QueryEncoder/NestingStyle/brackets`` style, a nested object in JSON.
public protocol APIParameters: APIParamConvertible {
    /// The parameters by name.
    func toParamDictionary() throws -> [String: any APIParamConvertible]
}

extension APIParameters {
    /// An ``ParamValue/object(_:)`` node of ``toParamDictionary()``, each value rendered for `method`.
    public func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        .object(try toParamDictionary().paramTree(forHTTPMethod: method))
    }
}

extension Dictionary where Key == String, Value == any APIParamConvertible {
    /// Renders every value for `method`: the tree the encoders read.
    ///
    /// A dictionary of mixed values, `[String: any APIParamConvertible]`, is how endpoints take
    /// their parameters; this is its rendering.
    public func paramTree(forHTTPMethod method: HTTPRequest.Method) throws -> [String: ParamValue] {
        var tree = [String: ParamValue](minimumCapacity: count)
        for (key, value) in self {
            tree[key] = try value.value(forHTTPMethod: method)
        }
        return tree
    }
}
