import ArgumentParser

/// The `modelgen` command: typed Swift from Xcode data models.
@main
struct Modelgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgen",
        abstract: "Read, check and generate code from Xcode data models (.xcdatamodeld).",
        discussion: """
            Models can be given as a .xcdatamodeld bundle (its current version is read), a \
            .xcdatamodel version folder, or a contents file.

            Example:
              modelgen validate Models/GitHub.xcdatamodeld
            """,
        subcommands: [ValidateCommand.self, DumpCommand.self, GenerateCommand.self, DumpContextCommand.self, MigrationPlanCommand.self]
    )
}
