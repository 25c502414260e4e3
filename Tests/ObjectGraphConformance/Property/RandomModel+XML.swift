import Foundation
import ObjectGraph

extension RandomModel {
    /// The model as the `contents` file of an Xcode `.xcdatamodel` folder, as Xcode writes it.
    public var contentsXML: String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
            #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23605" systemVersion="24C101" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#,
        ]
        for entity in entities {
            var header = #"    <entity name="\#(Self.escaped(entity.name))" representedClassName="\#(Self.escaped(entity.name))""#
            if let parent = entity.parent { header += #" parentEntity="\#(Self.escaped(parent))""# }
            if entity.isAbstract { header += #" isAbstract="YES""# }
            lines.append(header + #" syncable="YES">"#)
            lines += entity.attributes.map { "        " + Self.attributeElement($0) }
            lines += entity.relationships.map { "        " + relationshipElement($0, of: entity) }
            lines.append("    </entity>")
        }
        for composite in composites {
            lines.append(#"    <composite name="\#(Self.escaped(composite.name))">"#)
            lines += composite.attributes.map { "        " + Self.attributeElement($0) }
            lines.append("    </composite>")
        }
        lines.append("</model>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `<directory>/<name>.xcdatamodeld/<name>.xcdatamodel/contents` and returns the bundle's URL.
    public func writeBundle(in directory: URL) throws -> URL {
        let bundle = directory.appendingPathComponent("\(name).xcdatamodeld")
        let version = bundle.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(contentsXML.utf8).write(to: version.appendingPathComponent("contents"))
        return bundle
    }

    private static let typeNames: [AttributeType: String] = [
        .string: "String", .integer16: "Integer 16", .integer32: "Integer 32", .integer64: "Integer 64",
        .decimal: "Decimal", .double: "Double", .float: "Float", .boolean: "Boolean", .date: "Date", .binary: "Binary",
        .uuid: "UUID", .uri: "URI", .transformable: "Transformable", .composite: "Composite",
    ]

    private static func attributeElement(_ attribute: Attribute) -> String {
        var element = #"<attribute name="\#(escaped(attribute.name))""#
        if attribute.isOptional { element += #" optional="YES""# }
        element += #" attributeType="\#(typeNames[attribute.type] ?? "Undefined")""#
        switch attribute.defaultValue {
        case .date(let date)?: element += #" defaultDateTimeInterval="\#(date.timeIntervalSinceReferenceDate)""#
        case let value?: element += #" defaultValueString="\#(escaped(defaultText(value)))""#
        case nil: break
        }
        switch attribute.type {
        case .transformable: element += #" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]""#
        case .composite: element += #" composite="\#(escaped(attribute.compositeName ?? ""))""#
        case .integer16, .integer32, .integer64, .double, .float, .boolean: element += #" usesScalarValueType="YES""#
        case .date, .uuid: element += #" usesScalarValueType="NO""#
        default: break
        }
        return element + "/>"
    }

    private static func defaultText(_ value: AttributeValue) -> String {
        switch value {
        case .bool(let flag): flag ? "YES" : "NO"
        case .string(let text): text
        case .decimal(let decimal): decimal.description
        default: value.description
        }
    }

    private func relationshipElement(_ relationship: Relationship, of entity: Entity) -> String {
        var element = #"<relationship name="\#(Self.escaped(relationship.name))" optional="YES""#
        element += relationship.isToMany ? #" toMany="YES""# : #" maxCount="1""#
        element += #" deletionRule="Nullify""#
        if relationship.isOrdered { element += #" ordered="YES""# }
        element += #" destinationEntity="\#(Self.escaped(relationship.destination))""#
        if let inverse = relationship.inverse {
            element += #" inverseName="\#(Self.escaped(inverse))" inverseEntity="\#(Self.escaped(relationship.destination))""#
        }
        return element + "/>"
    }

    /// `text` escaped for an XML attribute value.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default: result.append(character)
            }
        }
        return result
    }
}
