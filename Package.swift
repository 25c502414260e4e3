// swift-tools-version: 6.2
import PackageDescription

// modelgen: typed Swift from Xcode data models, and the ObjectGraph runtime it targets.
// See README.md for the two commands that matter and DESIGN.md in the shared folder for the architecture.

let package = Package(
    name: "modelgen",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
    ],
    dependencies: [
    ],
    targets: [
        .target(name: "ObjectGraph"),
        // The store conformance suite and the fixture model, for the test targets of every store.
        .target(name: "ObjectGraphConformance", dependencies: ["ObjectGraph"], path: "Tests/ObjectGraphConformance"),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "ObjectGraphConformance"]),
    ],
    swiftLanguageModes: [.v6]
)
