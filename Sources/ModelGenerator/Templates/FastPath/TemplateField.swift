/// A field name of the view model as templates spell it (`{{className}}`, `{{#attributes}}`): every
/// name a view-model type or render context answers to, so the fast path reads fields with a `switch`
/// instead of hashing names.
enum TemplateField: String, CaseIterable, Sendable {
    case modelName
    case modelFileName
    case typeName
    case access
    case openAccess
    case imports
    case entities
    case composites
    case classList
    case history
    case name
    case fields
    case initParameterList
    case swiftName
    case swiftType
    case className
    case storageName
    case pluralDescription
    case summary
    case classDeclaration
    case hasStaticEntity
    case entityPropertyDeclaration
    case overrideModifiers
    case schemaHeader
    case schemaTrailer
    case uniquenessConstraints
    case isAbstract
    case parentName
    case parentClassName
    case subentityNames
    case attributes
    case ownAttributes
    case hasAttributes
    case hasOwnAttributes
    case hasInheritedAttributes
    case hasRelationships
    case relationships
    case ownRelationships
    case hasInitializer
    case initParameters
    case needsFetchExtension
    case fetchRequests
    case fetchedProperties
    case hasQueries
    case rest
    case source
    case isLast
    case fieldType
    case accessor
    case declaration
    case reference
    case index
    case modelType
    case schemaType
    case initialValue
    case isOptional
    case isTransient
    case derivation
    case isJSON
    case schemaLiteral
    case readExpression
    case decodeExpression
    case loadExpression
    case rowLoadExpression
    case inheritedFrom
    case jsonKey
    case capitalizedName
    case parameterName
    case destination
    case destinationClassName
    case inverseName
    case isToMany
    case isOrdered
    case deleteRule
    case functionName
    case predicateString
    case isCount
    case parameters
    case parameterList
    case requestArguments
    case path
    case objectPath
    case identifierKey
    case identifierAttribute
    case envelope
    case entityKey
    case entityValue
    case mappingLiteral
    case storageTypeName
    case versions
    case stages
    case versionHash
    case isCurrent
    case literal
    case from
    case to
    case steps
    case hasSteps
    case hasCustomStep
    case fromLiteral
    case toLiteral
    case entity
    /// `PrerenderedModelContext.Entity`'s pre-rendered `entity` section.
    case renderedSection = "_renderedSection"

    /// The fields by name.
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// A name looked up in a template, with its field when it is one of the view model's.
struct TemplateKey: Sendable, Equatable {
    /// The name as written.
    let name: String
    /// The field the name spells, or nil (no view-model type has it).
    let field: TemplateField?

    init(_ name: String) {
        self.name = name
        field = TemplateField.byName[name]
    }

    static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool { lhs.name == rhs.name }
}
