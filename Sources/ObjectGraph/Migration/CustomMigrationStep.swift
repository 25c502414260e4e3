/// A migration step written in Swift for what the generator cannot infer (Core Data's mapping models
/// and migration policies), registered for one pair of consecutive versions.
///
/// It runs inside the migration's transaction, after the stage's inferred steps have shaped the newer
/// version's data and before the older version's data is dropped: it reads the older version's objects
/// and writes the newer version's, by entity and property name, through a ``MigrationSession``. Custom
/// steps of one stage run in the order they are given. An error it throws fails the whole migration.
///
/// The objc.io Moody 5 → 6 policy (find or create the continent of each country's `isoContinent`):
///
/// ```swift
/// let continents = CustomMigrationStep(from: "Moody 5", to: "Moody 6", name: "link countries to continents") { session in
///     var continentByCode: [AttributeValue: AnyObjectID] = [:]
///     for country in try await session.sourceObjects(of: "Country") {
///         let code = try country.value("isoContinent")
///         guard !code.isNull else { continue }
///         var continent = continentByCode[code]
///         if continent == nil {
///             continent = try await session.insert("Continent", values: ["numericISO3166Code": code])
///             continentByCode[code] = continent
///         }
///         try await session.setRelationship("continent", of: try session.destinationID(of: country), to: continent)
///     }
/// }
/// ```
public struct CustomMigrationStep: Sendable {
    /// The body of a custom step: runs on the store's executor with the session of the running stage.
    public typealias Body = nonisolated(nonsending) @Sendable (any MigrationSession) async throws -> Void

    /// The older version's name.
    public let source: String
    /// The newer version's name.
    public let destination: String
    /// A name for the step, used in errors and logs.
    public let name: String
    /// What the step does.
    public let run: Body

    /// Creates a custom step for the stage `source` → `destination`.
    public init(from source: String, to destination: String, name: String, _ run: @escaping Body) {
        self.source = source
        self.destination = destination
        self.name = name
        self.run = run
    }
}
