import ObjectGraph

/// The Music model as the current version of a two-version history, for the version-history
/// conformance check and the SQLite migration crash test: "Music 1" had `Band.legacy` (String) instead
/// of `Band.website`, so migrating its data rebuilds the tables.
public enum MusicHistory {
    /// Music 1: the current entities, `Band` with `legacy` instead of `website`.
    public static let firstVersion: ModelDescription = {
        let band = Band.entity
        let older = EntityDescription(
            name: band.name, className: band.className,
            attributes: band.attributes.filter { $0.name != "website" } + [AttributeDescription(name: "legacy", type: .string)],
            relationships: band.relationships, uniquenessConstraints: band.uniquenessConstraints, indexes: band.indexes)
        return ModelDescription(name: "Music", entities: MusicModel.model.schema.entities.map { $0.name == "Band" ? older : $0 })
    }()

    /// The current Music model, carrying the history Music 1 → Music 2.
    public static let model = ModelDescription(
        name: "Music", entities: MusicModel.model.schema.entities,
        history: ModelVersionHistory(
            versions: [ModelVersion(name: "Music 1", schema: firstVersion), .current("Music 2")],
            stages: [MigrationStage(from: "Music 1", to: "Music 2", steps: [
                .addAttribute(entity: "Band", attribute: "website", defaultValue: nil),
                .removeAttribute(entity: "Band", attribute: "legacy"),
            ])]))
}
