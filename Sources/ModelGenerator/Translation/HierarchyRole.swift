/// Where a class sits in its entity inheritance hierarchy, which decides its modifiers and schema storage.
enum HierarchyRole: Equatable {
    /// No parent, no subentities: `final class`, `static let entity`.
    case standalone
    /// The root of a hierarchy: `open class`, `open class var entity`.
    case root
    /// A parent and subentities: `open class`, `override open class var entity`.
    case intermediate
    /// A parent, no subentities: `final class`, `override static var entity`.
    case leaf

    init(hasParent: Bool, hasChildren: Bool) {
        switch (hasParent, hasChildren) {
        case (false, false): self = .standalone
        case (false, true): self = .root
        case (true, true): self = .intermediate
        case (true, false): self = .leaf
        }
    }

    /// Whether the class has a parent class other than `ManagedObject`.
    var hasParent: Bool { self == .intermediate || self == .leaf }
    /// Whether the class is `final`.
    var isFinal: Bool { self == .standalone || self == .leaf }

    /// The class declaration up to the opening brace.
    func classDeclaration(className: String, parent: String?, options: GenerationOptions) -> String {
        let superclass = hasParent ? (parent ?? "ManagedObject") : "ManagedObject, ManagedEntity"
        let modifiers = isFinal ? options.access + "final " : options.openAccess
        return "\(modifiers)class \(className): \(superclass)"
    }

    /// The `entity` property of a class in a hierarchy, reading the private static `storage`.
    func entityProperty(storage: String, options: GenerationOptions) -> String {
        switch self {
        case .standalone: ""
        case .root: "\(options.openAccess)class var entity: EntityDescription { \(storage) }"
        case .intermediate: "override \(options.openAccess)class var entity: EntityDescription { \(storage) }"
        case .leaf: "\(options.access)override static var entity: EntityDescription { \(storage) }"
        }
    }
}
