/// One member of an ``ParamValue/orderedObject(_:)``.
public struct ParamMember: Sendable, Hashable {
    /// The member's name.
    public var name: String
    /// The member's value.
    public var value: ParamValue

    /// A member.
    public init(_ name: String, _ value: ParamValue) {
        self.name = name
        self.value = value
    }
}
