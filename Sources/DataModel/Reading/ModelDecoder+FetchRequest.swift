extension ModelDecoder {
    /// Decodes a `<fetchRequest>`, model-level or inside a fetched property.
    mutating func decodeFetchRequest(_ node: XMLElementNode) -> FetchRequestTemplate {
        var reader = ElementReader(node)
        var request = FetchRequestTemplate(
            name: reader.requiredString("name", log: &log),
            entityName: reader.requiredString("entity", log: &log),
            location: node.location
        )
        request.predicateString = reader.nonEmptyString("predicateString")
        request.substitutionVariables = request.predicateString.map(SubstitutionVariables.find) ?? []
        request.fetchLimit = reader.integer("fetchLimit", log: &log)
        request.fetchBatchSize = reader.integer("fetchBatchSize", log: &log)
        request.includeSubentities = reader.flag("includeSubentities", log: &log)
        request.includePropertyValues = reader.flag("includePropertyValues", log: &log)
        request.includesPendingChanges = reader.flag("includesPendingChanges", log: &log)
        request.returnObjectsAsFaults = reader.flag("returnObjectsAsFaults", log: &log)
        request.returnDistinctResults = reader.flag("returnDistinctResults", log: &log)
        if let written = reader.integer("resultType", log: &log) {
            if let resultType = FetchResultType(rawValue: written) {
                request.resultType = resultType
            } else {
                log.warning("unknown fetch result type \(written); managed objects (0) assumed", at: node.location)
            }
        }
        request.unknownAttributes = reader.unknownAttributes(log: &log)
        request.unknownElements = node.children.map { unknownElement($0, in: node) }
        return request
    }
}
