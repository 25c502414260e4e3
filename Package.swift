// swift-tools-version: 6.2
import PackageDescription

// modelgen: typed Swift from Xcode data models, and the ObjectGraph runtime it targets.
// See README.md for the two commands that matter and DESIGN.md in the shared folder for the architecture.

let package = Package(
    name: "modelgen",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "ObjectGraphSQLite", targets: ["ObjectGraphSQLite"]),
    ],
    dependencies: [
    ],
    targets: [
        .target(name: "ObjectGraph"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "ObjectGraphSQLite", dependencies: ["ObjectGraph", "CSQLite"]),
        // Saves in a loop to a SQLite file until killed; the crash test of ObjectGraphSQLiteTests runs it.
        .executableTarget(name: "sqlite-crash-writer", dependencies: ["ObjectGraphSQLite", "ObjectGraphConformance"]),
        // The store conformance suite and the fixture model, for the test targets of every store.
        .target(name: "ObjectGraphConformance", dependencies: ["ObjectGraph"], path: "Tests/ObjectGraphConformance"),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "ObjectGraphConformance"]),
        .testTarget(name: "ObjectGraphSQLiteTests",
                    dependencies: ["ObjectGraphSQLite", "ObjectGraphConformance", "CSQLite", "sqlite-crash-writer"]),
    ],
    swiftLanguageModes: [.v6]
)
