// swift-tools-version: 6.2
import PackageDescription

// modelgen: typed Swift from Xcode data models, and the ObjectGraph runtime it targets.
// See README.md for the two commands that matter and ARCHITECTURE.md for how the package is built.

let package = Package(
    name: "modelgen",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DataModel", targets: ["DataModel"]),
        .library(name: "ModelGenerator", targets: ["ModelGenerator"]),
        .executable(name: "modelgen", targets: ["modelgen"]),
        .plugin(name: "ModelGenPlugin", targets: ["ModelGenPlugin"]),
        .plugin(name: "GenerateModels", targets: ["GenerateModels"]),
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "ObjectGraphREST", targets: ["ObjectGraphREST"]),
        .library(name: "ObjectGraphSQLite", targets: ["ObjectGraphSQLite"]),
        .library(name: "ObjectGraphPostgres", targets: ["ObjectGraphPostgres"]),
        .library(name: "ObjectGraphCache", targets: ["ObjectGraphCache"]),
        // The local test API server, for the Benchmarks package's caching store benchmarks; not for apps.
        .library(name: "RESTTestServer", targets: ["RESTTestServer"]),
    ],
    // `PostgreSQL` builds ObjectGraphPostgres over postgres-nio; off by default, so users of the other
    // stores never fetch or build postgres-nio (`swift build --traits PostgreSQL` turns it on).
    traits: [
        .trait(name: "PostgreSQL", description: "The PostgreSQL store (ObjectGraphPostgres) over postgres-nio"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // HTTP server for the REST store's tests and example only; ObjectGraphREST never uses it.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // Reading Xcode data models.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "DataModel", dependencies: ["CLibXML2"]),
        .testTarget(
            name: "DataModelTests",
            dependencies: ["DataModel"],
            exclude: ["Golden", "Fixtures"]
        ),

        // Generating Swift from a model: view model, Mustache templates (embedded at build time).
        // Its Templates/EmbeddedTemplates.swift holds the top-level Templates/ folder, written by
        // `swift run modelgen-embed-templates Templates Sources/ModelGenerator/Templates/EmbeddedTemplates.swift`
        // and checked by a test. (Checked in rather than made by a build tool plugin: SwiftPM does not run
        // build tool plugins on the targets of a tool it builds for another plugin, so ModelGenPlugin's
        // modelgen would be built without it.)
        .target(
            name: "ModelGenerator",
            dependencies: ["DataModel", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // Turns the top-level Templates/ folder into a Swift source file.
        .executableTarget(name: "modelgen-embed-templates", dependencies: ["ModelGenerator"]),
        .testTarget(
            name: "ModelGeneratorTests",
            dependencies: [
                "ModelGenerator", "DataModel", "modelgen-embed-templates", .product(name: "Mustache", package: "swift-mustache"),
                // Only to check that the generator's schema hashes equal the runtime's on checked-in generated code.
                "ObjectGraph", "ObjectGraphConformance", "ExampleModels",
            ],
            exclude: ["Golden"]
        ),

        // The command-line tool.
        .executableTarget(
            name: "modelgen",
            dependencies: [
                "DataModel", "ModelGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ModelgenCLITests", dependencies: ["modelgen", "DataModel"]),
        // Generates code from the data models of a target at build time.
        .plugin(name: "ModelGenPlugin", capability: .buildTool(), dependencies: ["modelgen"]),
        // Writes generated code into the package for check-in.
        .plugin(
            name: "GenerateModels",
            capability: .command(
                intent: .custom(verb: "generate-models", description: "Generate Swift from the data models of the package's targets"),
                permissions: [.writeToPackageDirectory(reason: "writes generated sources into each target's Generated folder")]
            ),
            dependencies: ["modelgen"]
        ),

        // The runtime generated code targets: context, objects, predicates, store protocol, in-memory store.
        .target(name: "ObjectGraph"),
        // The store conformance suite and the fixture model, for the test targets of every store.
        // Its Fixtures/ are generated from Music.xcdatamodeld and checked in (`modelgen generate --check` in CI).
        .target(
            name: "ObjectGraphConformance",
            dependencies: ["ObjectGraph"],
            path: "Tests/ObjectGraphConformance",
            exclude: ["Music.xcdatamodeld"]
        ),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "ObjectGraphConformance"]),

        // Examples. Models/ bundles are referenced from each target's modelgen.json, which SwiftPM must not
        // treat as a resource (exclude it; exclude any .xcdatamodeld kept inside a target too).
        .target(name: "ExampleSupport", dependencies: ["ObjectGraph", "ObjectGraphSQLite"], path: "Examples/ExampleSupport"),
        // The one checked-in copy of the GitHub and Bandcamp models' generated classes (Generated/, written by
        // `swift package --allow-writing-to-package-directory generate-models --target ExampleModels` and
        // checked by `modelgen generate --check` in CI), for GitHubExample, rest-example and the REST tests.
        .target(name: "ExampleModels", dependencies: ["ObjectGraph"], path: "Examples/ExampleModels", exclude: ["modelgen.json"]),
        .executableTarget(
            name: "BandcampExample",
            dependencies: ["ObjectGraph", "ExampleSupport"],
            path: "Examples/BandcampExample",
            exclude: ["modelgen.json"],
            plugins: ["ModelGenPlugin"]
        ),
        // A live sectioned list of Models/Events.xcdatamodeld's events, changed from another task.
        .executableTarget(
            name: "EventsExample",
            dependencies: ["ObjectGraph", "ExampleSupport"],
            path: "Examples/EventsExample",
            exclude: ["modelgen.json"],
            plugins: ["ModelGenPlugin"]
        ),
        .executableTarget(
            name: "GitHubExample",
            dependencies: ["ObjectGraph", "ExampleSupport", "ExampleModels"],
            path: "Examples/GitHubExample"
        ),
        // The SQL both SQL stores emit (schema, predicates, sorts, selects, batched writes), with a dialect.
        .target(name: "ObjectGraphSQL", dependencies: ["ObjectGraph"]),
        .testTarget(name: "ObjectGraphSQLTests", dependencies: ["ObjectGraphSQL", "ObjectGraphConformance"]),
        // The PostgreSQL store; its code builds only with the PostgreSQL trait.
        .target(
            name: "ObjectGraphPostgres",
            dependencies: [
                "ObjectGraph", "ObjectGraphSQL",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "ObjectGraphPostgresTests",
            dependencies: ["ObjectGraphPostgres", "ObjectGraphSQL", "ObjectGraphConformance", "postgres-conflict-writer"]
        ),
        // Writes to a PostgreSQL schema from processes of its own: the multi-process tests of
        // ObjectGraphPostgresTests launch it (without the PostgreSQL trait it only says it needs it).
        .executableTarget(name: "postgres-conflict-writer", dependencies: ["ObjectGraphPostgres", "ObjectGraphConformance"]),
        // The SQLite store, the embedded default.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "ObjectGraphSQLite", dependencies: ["ObjectGraph", "ObjectGraphSQL", "CSQLite"]),
        // Saves in a loop to a SQLite file until killed; the crash test of ObjectGraphSQLiteTests runs it.
        .executableTarget(name: "sqlite-crash-writer", dependencies: ["ObjectGraphSQLite", "ObjectGraphConformance"]),
        .testTarget(
            name: "ObjectGraphSQLiteTests",
            dependencies: ["ObjectGraphSQLite", "ObjectGraphConformance", "CSQLite", "sqlite-crash-writer"]
        ),
        // Real model-version chains (Moody 1 → 6, Simplenote 2 → 7) migrated on SQLite files (and, with the PostgreSQL
        // trait and a server, Moody on PostgreSQL), through the code modelgen generated from them (Generated/, written and
        // checked by Scripts/chain-fixtures.sh).
        .testTarget(name: "MigrationChainTests", dependencies: ["ObjectGraphSQL", "ObjectGraphSQLite", "ObjectGraphPostgres", "ObjectGraphConformance", "CSQLite"]),

        // The REST/JSON store (URLSession through FoundationNetworking on Linux).
        .target(name: "ObjectGraphREST", dependencies: ["ObjectGraph"]),
        // A local GitHub-like, Bandcamp-like and generic JSON API on FlyingFox, for tests and the example.
        .target(
            name: "RESTTestServer",
            dependencies: ["ObjectGraph", "ObjectGraphREST", .product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/RESTTestServer"
        ),
        .testTarget(
            name: "ObjectGraphRESTTests",
            dependencies: ["ObjectGraphREST", "RESTTestServer", "ObjectGraphConformance", "ExampleModels"]
        ),
        .testTarget(
            name: "RESTStoreConformanceTests",
            dependencies: ["ObjectGraphREST", "RESTTestServer", "ObjectGraphConformance"]
        ),
        // The caching store: a RESTStore (or any remote store) behind a SQLite cache, for offline reading.
        .target(name: "ObjectGraphCache", dependencies: ["ObjectGraph", "ObjectGraphREST", "ObjectGraphSQLite", "CSQLite"]),
        // Saves through a CachingStore while its outbox replays, until killed; the outbox crash test runs it.
        .executableTarget(
            name: "cache-outbox-writer",
            dependencies: ["ObjectGraphCache", "ObjectGraphREST", "RESTTestServer", "ObjectGraphConformance"]
        ),
        .testTarget(
            name: "ObjectGraphCacheTests",
            dependencies: [
                "ObjectGraphCache", "ObjectGraphREST", "ObjectGraphSQLite", "RESTTestServer", "ObjectGraphConformance", "ExampleModels",
                "cache-outbox-writer",
            ]
        ),
        // The caching store walking the GitHub-like API online, offline, and online again.
        .executableTarget(
            name: "cache-example",
            dependencies: ["ObjectGraphCache", "ObjectGraphREST", "RESTTestServer", "ExampleModels"],
            path: "Examples/cache-example"
        ),
        .executableTarget(
            name: "rest-example",
            dependencies: ["ObjectGraphREST", "RESTTestServer", "ExampleModels"],
            path: "Examples/rest-example"
        ),
    ],
    swiftLanguageModes: [.v6]
)
