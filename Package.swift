// swift-tools-version: 6.2
import PackageDescription

// modelgen: typed Swift from Xcode data models, and the ObjectGraph runtime it targets.
// See README.md for the two commands that matter and DESIGN.md in the shared folder for the architecture.

let package = Package(
    name: "modelgen",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DataModel", targets: ["DataModel"]),
        .executable(name: "modelgen", targets: ["modelgen"]),
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "ObjectGraphREST", targets: ["ObjectGraphREST"]),
        .library(name: "ObjectGraphSQLite", targets: ["ObjectGraphSQLite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // HTTP server for the REST store's tests and example only; ObjectGraphREST never uses it.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
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
        .target(
            name: "ModelGenerator",
            dependencies: [.product(name: "Mustache", package: "swift-mustache")],
            plugins: ["EmbedTemplates"]
        ),
        // Turns the top-level Templates/ folder into a Swift source file; run by the EmbedTemplates plugin.
        .executableTarget(name: "modelgen-embed-templates"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["modelgen-embed-templates"]
        ),
        .testTarget(
            name: "ModelGeneratorTests",
            dependencies: [
                "ModelGenerator", "modelgen-embed-templates", .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),

        // The command-line tool.
        .executableTarget(
            name: "modelgen",
            dependencies: [
                "DataModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ModelgenCLITests", dependencies: ["modelgen", "DataModel"]),

        // The runtime generated code targets: context, objects, predicates, store protocol, in-memory store.
        .target(name: "ObjectGraph"),
        // The store conformance suite and the fixture model, for the test targets of every store.
        .target(name: "ObjectGraphConformance", dependencies: ["ObjectGraph"], path: "Tests/ObjectGraphConformance"),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "ObjectGraphConformance"]),

        // The SQLite store, the embedded default.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "ObjectGraphSQLite", dependencies: ["ObjectGraph", "CSQLite"]),
        // Saves in a loop to a SQLite file until killed; the crash test of ObjectGraphSQLiteTests runs it.
        .executableTarget(name: "sqlite-crash-writer", dependencies: ["ObjectGraphSQLite", "ObjectGraphConformance"]),
        .testTarget(
            name: "ObjectGraphSQLiteTests",
            dependencies: ["ObjectGraphSQLite", "ObjectGraphConformance", "CSQLite", "sqlite-crash-writer"]
        ),

        // The REST/JSON store (URLSession through FoundationNetworking on Linux).
        .target(name: "ObjectGraphREST", dependencies: ["ObjectGraph"]),
        // A local GitHub-like, Bandcamp-like and generic JSON API on FlyingFox, for tests and the example.
        .target(
            name: "RESTTestServer",
            dependencies: ["ObjectGraph", "ObjectGraphREST", .product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/RESTTestServer"
        ),
        // The GitHub and Bandcamp example models' classes (hand-written in the generator's shape for now).
        .target(name: "RESTExampleModels", dependencies: ["ObjectGraph"], path: "Tests/RESTExampleModels"),
        .testTarget(
            name: "ObjectGraphRESTTests",
            dependencies: ["ObjectGraphREST", "RESTTestServer", "RESTExampleModels"]
        ),
        .testTarget(
            name: "RESTStoreConformanceTests",
            dependencies: ["ObjectGraphREST", "RESTTestServer", "ObjectGraphConformance"]
        ),
        .executableTarget(
            name: "rest-example",
            dependencies: ["ObjectGraphREST", "RESTTestServer", "RESTExampleModels"],
            path: "Sources/Examples/rest-example"
        ),
    ],
    swiftLanguageModes: [.v6]
)
