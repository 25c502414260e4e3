extension ModelDecoder {
    /// Decodes an `<attribute>` of an entity or a composite.
    mutating func decodeAttribute(_ node: XMLElementNode) -> Attribute {
        var reader = ElementReader(node)
        let name = reader.requiredString("name", log: &log)
        let (type, unrecognisedType) = decodeAttributeType(&reader)
        var attribute = Attribute(name: name, type: type, location: node.location)
        attribute.unknownAttributes["attributeType"] = unrecognisedType
        attribute.isOptional = reader.flag("optional", log: &log)
        attribute.isTransient = reader.flag("transient", log: &log)
        attribute.isDerived = reader.flag("derived", log: &log)
        attribute.derivationExpression = reader.nonEmptyString("derivationExpression")
        attribute.usesScalarValueType = reader.flag("usesScalarValueType", log: &log)
        attribute.isIndexed = reader.flag("indexed", log: &log)
        attribute.allowsExternalBinaryDataStorage = reader.flag("allowsExternalBinaryDataStorage", log: &log)
        attribute.preservesValueInHistoryOnDeletion = reader.flag("preserveAfterDeletion", log: &log)
        attribute.isIndexedBySpotlight = reader.flag("spotlightIndexingEnabled", log: &log)
        attribute.isStoredInExternalRecord = reader.flag("storedInTruthFile", log: &log)
        attribute.allowsCloudEncryption = reader.flag("allowsCloudEncryption", log: &log)
        attribute.regularExpression = reader.nonEmptyString("regularExpressionString")
        attribute.renamingIdentifier = reader.nonEmptyString("elementID")
        attribute.versionHashModifier = reader.nonEmptyString("versionHashModifier")
        attribute.valueTransformerName = reader.nonEmptyString("valueTransformerName")
        attribute.customClassName = reader.nonEmptyString("customClassName")
        attribute.compositeName = reader.nonEmptyString("composite")
        decodeValues(into: &attribute, from: &reader)
        reader.ignore("syncable")
        attribute.unknownAttributes.merge(reader.unknownAttributes(log: &log)) { written, _ in written }
        for child in node.children {
            switch child.name {
            case "userInfo": attribute.userInfo = decodeUserInfo(child)
            default: attribute.unknownElements.append(unknownElement(child, in: node))
            }
        }
        return attribute
    }

    /// The type, and the written value when it is not a known type (read as Undefined).
    private mutating func decodeAttributeType(_ reader: inout ElementReader) -> (AttributeType, String?) {
        guard let written = reader.string("attributeType") else { return (.undefined, nil) }
        guard let type = AttributeType(rawValue: written) else {
            log.warning("unknown attribute type '\(written)'; read as Undefined", at: reader.location)
            return (.undefined, written)
        }
        return (type, nil)
    }

    /// Reads the default value and the bounds, each typed by the attribute's type.
    private mutating func decodeValues(into attribute: inout Attribute, from reader: inout ElementReader) {
        let type = attribute.type
        attribute.defaultValueString = reader.string("defaultValueString")
        let defaultInterval = reader.real("defaultDateTimeInterval", log: &log)
        let minimumInterval = reader.real("minDateTimeInterval", log: &log)
        let maximumInterval = reader.real("maxDateTimeInterval", log: &log)
        let minimumText = reader.string("minValueString")
        let maximumText = reader.string("maxValueString")
        let location = reader.location
        attribute.defaultValue = typedValue(
            interval: defaultInterval, text: attribute.defaultValueString, of: type, role: "default value", at: location, read: ValueParsing.value
        )
        attribute.minimum = typedValue(
            interval: minimumInterval, text: minimumText, of: type, role: "minimum", at: location, read: ValueParsing.bound
        )
        attribute.maximum = typedValue(
            interval: maximumInterval, text: maximumText, of: type, role: "maximum", at: location, read: ValueParsing.bound
        )
    }

    /// A date attribute's time interval when there is one, else `text` read with `read`
    /// (kept as text, with a warning, when it is not a value of the type).
    private mutating func typedValue(
        interval: Double?,
        text: String?,
        of type: AttributeType,
        role: String,
        at location: SourceLocation,
        read: (String, AttributeType) -> AttributeValue?
    ) -> AttributeValue? {
        if type == .date, let interval { return .date(interval) }
        guard let text else { return nil }
        if let value = read(text, type) { return value }
        log.warning("\(role) '\(text)' is not a valid \(type.rawValue) value; kept as text", at: location)
        return .text(text)
    }
}
