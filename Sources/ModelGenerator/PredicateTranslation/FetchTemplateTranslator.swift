import Foundation
import DataModel

/// Turns the model's fetch request templates and fetched properties into typed functions and accessors.
/// An unknown key or a type mismatch is an error located at the template; a form typed predicates cannot
/// express is a warning, and that template gets no function.
struct FetchTemplateTranslator {
    let entities: [String: ResolvedEntity]
    /// Direct subentity names by parent name.
    let subentities: [String: [String]]
    let locator: PredicateLocator

    /// The typed functions of the templates on `entity`, sorted by name.
    func fetchRequests(on entity: ResolvedEntity, templates: [FetchRequestTemplate], log: inout IssueLog) -> [FetchRequestContext] {
        var used: Set<String> = []
        var contexts: [FetchRequestContext] = []
        for template in templates.sorted(by: { $0.name < $1.name }) {
            guard let (arguments, variables) = translate(template, invalidIsError: true, log: &log) else { continue }
            let verb = template.resultType == .count ? "count" : "fetch"
            var functionName = verb + SwiftIdentifier.upperCamelCase(template.name)
            var number = 2
            while used.contains(functionName) {
                functionName = verb + SwiftIdentifier.upperCamelCase(template.name) + "\(number)"
                number += 1
            }
            used.insert(functionName)
            let parameters = variables.enumerated().map { offset, variable in
                ParameterContext(name: variable.parameterName, swiftType: variable.swiftType, source: "$" + variable.name,
                                 isLast: offset == variables.count - 1)
            }
            contexts.append(FetchRequestContext(
                name: template.name, functionName: functionName, predicateString: template.predicateString.map(SwiftSource.docText),
                isCount: template.resultType == .count, parameters: parameters,
                parameterList: parameters.map { ", \($0.name): \($0.swiftType)" }.joined(),
                requestArguments: arguments))
        }
        return contexts
    }

    /// The typed accessors of `entity`'s fetched properties whose predicate needs no variables. Any problem
    /// with a fetched property's predicate is a warning: the model stays usable without that accessor.
    func fetchedProperties(of entity: ResolvedEntity, log: inout IssueLog) -> [FetchedPropertyContext] {
        var members = entity.members
        return entity.entity.fetchedProperties.compactMap { property in
            guard let request = property.fetchRequest, let destination = entities[request.entityName] else {
                log.warning("fetched property '\(property.name)' has no fetch request on a known entity; no accessor is generated", at: property.location)
                return nil
            }
            let text = request.predicateString ?? ""
            let usesVariables = text.contains("$FETCH_SOURCE") || text.contains("$FETCHED_PROPERTY")
            guard !usesVariables, let (arguments, variables) = translate(request, invalidIsError: false, log: &log) else {
                if usesVariables { Self.warnAboutVariables(property, log: &log) }
                return nil
            }
            guard variables.isEmpty else {
                Self.warnAboutVariables(property, log: &log)
                return nil
            }
            let name = members.property(property.name, userInfo: property.userInfo, location: property.location, log: &log)
            return FetchedPropertyContext(name: property.name, swiftName: name.escaped, destinationClassName: destination.className,
                                          predicateString: request.predicateString.map(SwiftSource.docText), requestArguments: arguments)
        }
    }

    private static func warnAboutVariables(_ property: FetchedProperty, log: inout IssueLog) {
        log.warning("fetched property '\(property.name)' uses substitution variables ($FETCH_SOURCE, ...), which typed predicates do not support; no accessor is generated", at: property.location)
    }

    /// The `FetchRequest` arguments and typed variables of `template`, or `nil` after a diagnostic (an error
    /// for invalid predicates when `invalidIsError`, a warning otherwise).
    private func translate(
        _ template: FetchRequestTemplate, invalidIsError: Bool, log: inout IssueLog
    ) -> (String, [PredicateVariables.Variable])? {
        guard let entity = entities[template.entityName] else {
            log.error("fetch request '\(template.name)' is on entity '\(template.entityName)', which the model does not have", at: template.location)
            return nil
        }
        var arguments: [String] = []
        var variables: [PredicateVariables.Variable] = []
        if let text = template.predicateString, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                let node = try PredicateFormatParser.parsePredicate(text)
                var emitter = PredicateEmitter(resolver: KeyPathResolver(entities: entities))
                arguments.append("where: " + (try emitter.emit(node, on: entity.entity.name)))
                variables = emitter.variables.all
            } catch let error as PredicateFormatError {
                let message = "fetch request '\(template.name)': \(error.message)"
                let location = locator.location(of: error.location, in: template)
                if invalidIsError { log.error(message, at: location) } else { log.warning(message + "; no accessor is generated", at: location) }
                return nil
            } catch let error as PredicateTranslationError {
                let message = "fetch request '\(template.name)': \(error.message)"
                let location = locator.location(of: error.location, in: template)
                if error.kind == .invalid, invalidIsError {
                    log.error(message, at: location)
                } else {
                    log.warning(message + "; no function is generated", at: location)
                }
                return nil
            } catch {
                return nil
            }
        }
        if let limit = template.fetchLimit, limit > 0 { arguments.append("limit: \(limit)") }
        if !template.includeSubentities, subentities[entity.entity.name] != nil { arguments.append("includesSubentities: false") }
        return (arguments.joined(separator: ", "), variables)
    }
}
