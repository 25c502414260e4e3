import Foundation

/// A synthetic data model: `entityCount` entities of 20 properties each (14 attributes of every common
/// type, 3 to-one relationships and their 3 to-many inverses), and one fetch request per 10 entities.
enum SyntheticModel {
    private static let attributeTypes = [
        "String", "Integer 64", "Double", "Date", "Boolean", "Integer 16", "UUID", "URI", "Decimal", "Binary",
        "Integer 32", "Float", "String", "Date",
    ]

    /// The `contents` XML of the model.
    static func contents(entityCount: Int) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
            #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">"#,
        ]
        for index in 0..<entityCount {
            lines.append(#"    <entity name="Entity\#(index)" representedClassName="Entity\#(index)" syncable="YES">"#)
            for (number, type) in attributeTypes.enumerated() {
                let optional = number % 3 == 0 ? "" : #" optional="YES""#
                lines.append(#"        <attribute name="attribute\#(number)Value"\#(optional) attributeType="\#(type)"/>"#)
            }
            for link in [0, 2, 4] {
                let target = (index + 1 + link) % entityCount
                let source = ((index - 1 - link) % entityCount + entityCount) % entityCount
                lines.append(#"        <relationship name="link\#(link)" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Entity\#(target)" inverseName="backlink\#(link)" inverseEntity="Entity\#(target)"/>"#)
                lines.append(#"        <relationship name="backlink\#(link)" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Entity\#(source)" inverseName="link\#(link)" inverseEntity="Entity\#(source)"/>"#)
            }
            lines.append("    </entity>")
        }
        for index in stride(from: 0, to: entityCount, by: 10) {
            lines.append(#"    <fetchRequest name="Query\#(index)" entity="Entity\#(index)" predicateString="attribute0Value BEGINSWITH[c] $PREFIX AND attribute1Value &gt; $MINIMUM AND link0.attribute4Value == YES"/>"#)
        }
        lines.append("</model>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `Synthetic<count>.xcdatamodel/contents` under `directory`; returns the model's path.
    static func write(entityCount: Int, under directory: URL) throws -> String {
        let folder = directory.appendingPathComponent("Synthetic\(entityCount).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contents(entityCount: entityCount).utf8).write(to: folder.appendingPathComponent("contents"))
        return folder.path
    }
}
