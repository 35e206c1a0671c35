/// Objects of either kind: their members in writing order, and equality that ignores the order.
extension ParamValue {
    /// The members of an object in the order an encoder writes them: ascending by name, or, when
    /// `declared` and the object keeps an order, that order. `nil` for a value that is not an object.
    func members(declared: Bool) -> [ParamMember]? {
        switch self {
        case .object(let members):
            var sorted = members.map { ParamMember($0.key, $0.value) }
            sorted.sort { $0.name < $1.name }
            return sorted
        case .orderedObject(let members):
            return declared ? members : members.sorted { $0.name < $1.name }
        default:
            return nil
        }
    }

    /// An object's members by name, whatever its kind; `nil` for a value that is not an object.
    var memberDictionary: [String: ParamValue]? {
        switch self {
        case .object(let members): members
        case .orderedObject(let members): Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        default: nil
        }
    }

    /// Equal values; objects compare by their members, whatever their order.
    public static func == (lhs: ParamValue, rhs: ParamValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.decimal(let a), .decimal(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        case (.object, .orderedObject), (.orderedObject, .object), (.orderedObject, .orderedObject):
            lhs.memberDictionary == rhs.memberDictionary
        default: false
        }
    }

    /// Hashes the value; an object hashes by its members, whatever their order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(0); hasher.combine(value)
        case .integer(let value): hasher.combine(1); hasher.combine(value)
        case .unsignedInteger(let value): hasher.combine(2); hasher.combine(value)
        case .double(let value): hasher.combine(3); hasher.combine(value)
        case .decimal(let value): hasher.combine(4); hasher.combine(value)
        case .bool(let value): hasher.combine(5); hasher.combine(value)
        case .date(let value): hasher.combine(6); hasher.combine(value)
        case .null: hasher.combine(7)
        case .array(let value): hasher.combine(8); hasher.combine(value)
        case .object, .orderedObject: hasher.combine(9); hasher.combine(memberDictionary!)
        }
    }
}
