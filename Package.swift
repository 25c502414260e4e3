// swift-tools-version: 6.2
import PackageDescription

// modelgen: typed Swift from Xcode data models, and the ObjectGraph runtime it targets.
// See README.md for the two commands that matter and DESIGN.md in the shared folder for the architecture.

let package = Package(
    name: "modelgen",
    platforms: [.macOS(.v15)],
    products: [
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
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
    ],
    swiftLanguageModes: [.v6]
)
