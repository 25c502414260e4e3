/// Turns the element tree of a `contents` file into a ``Model``, reporting unknown and
/// unreadable parts as warnings. Only a missing `<model>` root is fatal.
struct ModelDecoder {
    var log: DiagnosticLog

    init(path: String) {
        log = DiagnosticLog(path: path)
    }

    /// Decodes the root `<model>` element.
    mutating func decodeModel(_ root: XMLElementNode) -> Model {
        var reader = ElementReader(root)
        var model = Model(location: root.location)
        model.metadata = decodeMetadata(&reader)
        reader.ignore("name", "macOSVersion", "iOSVersion")
        model.unknownAttributes = reader.unknownAttributes(log: &log)
        for child in root.children {
            switch child.name {
            case "entity": model.entities.append(decodeEntity(child))
            case "fetchRequest": model.fetchRequests.append(decodeFetchRequest(child))
            case "configuration": model.configurations.append(decodeConfiguration(child))
            case "composite": model.composites.append(decodeComposite(child))
            case "userInfo": model.userInfo = decodeUserInfo(child)
            case "elements": break  // diagram layout, irrelevant to code generation
            default: model.unknownElements.append(unknownElement(child, in: root))
            }
        }
        return model
    }

    private mutating func decodeMetadata(_ reader: inout ElementReader) -> ModelMetadata {
        var metadata = ModelMetadata()
        metadata.type = reader.string("type")
        metadata.documentVersion = reader.string("documentVersion")
        metadata.lastSavedToolsVersion = reader.string("lastSavedToolsVersion")
        metadata.systemVersion = reader.string("systemVersion")
        metadata.minimumToolsVersion = reader.string("minimumToolsVersion")
        metadata.sourceLanguage = reader.string("sourceLanguage")
        metadata.userDefinedModelVersionIdentifier = reader.string("userDefinedModelVersionIdentifier")
        metadata.usedWithCloudKit = reader.flag("usedWithCloudKit", log: &log)
        metadata.usedWithSwiftData = reader.flag("usedWithSwiftData", log: &log)
        return metadata
    }

    /// Keeps an element the reader does not know, with a warning.
    mutating func unknownElement(_ node: XMLElementNode, in parent: XMLElementNode) -> UnknownElement {
        log.warning("unknown element <\(node.name)> inside <\(parent.name)> is kept but not used", at: node.location)
        return keep(node)
    }

    private func keep(_ node: XMLElementNode) -> UnknownElement {
        var attributes: [String: String] = [:]
        for attribute in node.attributes {
            attributes[attribute.name] = attribute.value
        }
        return UnknownElement(name: node.name, attributes: attributes, children: node.children.map(keep), location: node.location)
    }
}
