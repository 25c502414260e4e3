import Foundation

/// A Swift name chosen for a model element.
public struct SwiftName: Sendable, Hashable {
    /// The bare identifier, for composing other names (`addTo` + `Tracks`).
    public let identifier: String
    /// The name as written in declarations and references: `identifier`, in backticks when it is a keyword.
    public let escaped: String
    /// Why the Swift name differs from the model's name, when it does for a reason the user should know;
    /// `nil` when the name was used as written (up to case conversion of type names and backticks).
    public let warning: String?

    /// Creates a name; ``SwiftNaming`` is the usual way to get one.
    public init(identifier: String, escaped: String, warning: String?) {
        self.identifier = identifier
        self.escaped = escaped
        self.warning = warning
    }
}

/// Chooses Swift names for entities and properties, deterministically.
///
/// Rules, in order:
/// 1. The `swift.name` userInfo override, when given, replaces the model name as the starting point.
/// 2. Type names are converted to UpperCamelCase (`my_entity` -> `MyEntity`); property names are kept when
///    they are valid identifiers. A name that is not a valid identifier (spaces, `-`, `.`, a leading digit)
///    is converted (lowerCamelCase for properties) with a warning.
/// 3. A name in ``ReservedNames/unusableEvenEscaped`` (`self`, `init`, `Type`, ...) or colliding with a type
///    the generated code uses (``ReservedNames/typeNames``: `Data`, `Date`, `Set`, ...) or a member every
///    object has (``ReservedNames/runtimeMembers``: `description`, `id`, ...) gets the suffix `Entity` (types)
///    or `Value` (properties), with a warning. Overrides are checked too: generated code would not compile.
/// 4. Any other keyword is kept and escaped with backticks (`` `default` ``), without a warning.
///
/// ```swift
/// SwiftNaming.typeName(forEntity: "Data").identifier            // "DataEntity", with a warning
/// SwiftNaming.propertyName(forProperty: "description").escaped  // "descriptionValue", with a warning
/// SwiftNaming.propertyName(forProperty: "default").escaped      // "`default`"
/// ```
public enum SwiftNaming {
    /// The Swift class name for an entity named `name`, honouring a `swift.name` override.
    public static func typeName(
        forEntity name: String, override: String? = nil, reserved: Set<String> = ReservedNames.typeNames
    ) -> SwiftName {
        resolve(name, override: override, element: "entity", suffix: "Entity", reserved: reserved,
                reservedReason: "a standard library, Foundation or ObjectGraph type") { candidate, isOverride in
            isOverride && SwiftIdentifier.isValid(candidate) ? candidate : SwiftIdentifier.upperCamelCase(candidate)
        }
    }

    /// The Swift property name for an attribute, relationship or fetched property named `name`,
    /// honouring a `swift.name` override.
    public static func propertyName(
        forProperty name: String, override: String? = nil, reserved: Set<String> = ReservedNames.runtimeMembers
    ) -> SwiftName {
        resolve(name, override: override, element: "property", suffix: "Value", reserved: reserved,
                reservedReason: "a member of every generated object") { candidate, _ in
            SwiftIdentifier.isValid(candidate) ? candidate : SwiftIdentifier.lowerCamelCase(candidate)
        }
    }

    private static func resolve(
        _ name: String, override: String?, element: String, suffix: String, reserved: Set<String>,
        reservedReason: String, convert: (String, Bool) -> String
    ) -> SwiftName {
        let trimmedOverride = override?.trimmingCharacters(in: .whitespacesAndNewlines)
        let overrideName = trimmedOverride?.isEmpty == false ? trimmedOverride : nil
        let source = overrideName ?? name
        var identifier = convert(source, overrideName != nil)
        var reasons: [String] = []
        if !SwiftIdentifier.isValid(source) {
            reasons.append("'\(source)' is not a valid Swift identifier")
        }
        while ReservedNames.unusableEvenEscaped.contains(identifier) || reserved.contains(identifier) {
            reasons.append(ReservedNames.unusableEvenEscaped.contains(identifier)
                ? "'\(identifier)' cannot be a Swift name, even in backticks"
                : "'\(identifier)' is \(reservedReason)")
            identifier += suffix
        }
        let escaped = ReservedNames.keywords.contains(identifier) ? "`\(identifier)`" : identifier
        guard !reasons.isEmpty else { return SwiftName(identifier: identifier, escaped: escaped, warning: nil) }
        let origin = overrideName.map { "\(element) '\(name)' (swift.name '\($0)')" } ?? "\(element) '\(name)'"
        let warning = "\(origin) is named '\(identifier)' in Swift: \(reasons.joined(separator: "; ")); set the userInfo key swift.name to choose another name"
        return SwiftName(identifier: identifier, escaped: escaped, warning: warning)
    }
}
