/// Every error the runtime and its stores throw. Each case names the entity, object, property or value
/// involved, and ``description`` says it in a sentence.
///
/// ```swift
/// do { try await context.save() }
/// catch ObjectGraphError.validationFailed(let failures) { failures.forEach { print($0) } }
/// ```
public enum ObjectGraphError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The model has no entity with this name.
    case unknownEntity(String)
    /// The entity has no attribute or relationship with this name.
    case unknownProperty(entity: String, property: String)
    /// No object with this ID exists (in the store, or any more).
    case objectNotFound(AnyObjectID)
    /// A value does not fit the attribute's type.
    case typeMismatch(entity: String, attribute: String, expected: AttributeType, value: AttributeValue)
    /// Validation before a save failed; lists every failure.
    case validationFailed([ValidationFailure])
    /// A Deny delete rule refused deleting an object that still has destinations.
    case deleteDenied(object: AnyObjectID, entity: String, relationship: String, destinationCount: Int)
    /// A save would break a uniqueness constraint: `object` (its ID as the saving context knows it, when the
    /// store can tell which object of the save collided) would share `values` of `properties` with another
    /// object of `entity`.
    case uniquenessViolation(entity: String, properties: [String], values: [AttributeValue], object: AnyObjectID?)
    /// A store received a predicate or sort it does not evaluate.
    case unsupportedExpression(String)
    /// A store and a context disagree about the model.
    case modelMismatch(expected: String, actual: String)
    /// An object belongs to another context, or to none (for example because its context was released —
    /// objects do not retain their context — or ``ObjectContext/reset()`` detached it).
    case objectNotInContext(AnyObjectID)
    /// A change set or store row is inconsistent (a reference to a missing object, a wrong entity…).
    case inconsistentData(String)
    /// A store failed for a reason of its own (I/O, network, database).
    case storeFailure(String)
    /// `save()` was called while another save of the same context was running.
    case saveInProgress
    /// The store cannot report the changes its saves commit (``PersistentStore/changes()``).
    case changesNotObservable(store: String)
    /// A store that detects conflicts refused a save: the listed objects changed (or were deleted) since
    /// the saving context read them. Stores throw it; ``ObjectContext/save()`` turns it into
    /// ``mergeConflicts(_:)`` or resolves it by its ``ObjectContext/mergePolicy``.
    case storeConflicts([StoreConflict])
    /// A save failed because other saves changed or deleted objects it updates or deletes since the context
    /// read them (under ``MergePolicy/error``, or a conflict no policy resolves): each conflict names the
    /// object and the properties whose stored and context values differ. Nothing was written and the
    /// context keeps its changes.
    case mergeConflicts([MergeConflict])

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .unknownEntity(let name):
            "The model has no entity named \(name)."
        case .unknownProperty(let entity, let property):
            "Entity \(entity) has no property named \(property)."
        case .objectNotFound(let id):
            "No object with ID \(id) exists."
        case .typeMismatch(let entity, let attribute, let expected, let value):
            "\(entity).\(attribute) expects a value of type \(expected.rawValue), got \(value.kindName) \(value)."
        case .validationFailed(let failures):
            "Validation failed (\(failures.count)): " + failures.map(\.description).joined(separator: "; ")
        case .deleteDenied(let object, let entity, let relationship, let count):
            "Cannot delete \(entity) \(object): its relationship \(relationship) has a Deny rule and still has \(count) object(s)."
        case .uniquenessViolation(let entity, let properties, let values, let object):
            (object.map { "\(entity) \($0): a" } ?? "A") + "nother \(entity) already has "
                + "\(properties.joined(separator: ", ")) = \(values.map(\.description).joined(separator: ", "))."
        case .unsupportedExpression(let text):
            "The store cannot evaluate \(text)."
        case .modelMismatch(let expected, let actual):
            "The store was opened with model \(actual), the context uses \(expected)."
        case .objectNotInContext(let id):
            "Object \(id) does not belong to this context, or its context no longer exists."
        case .inconsistentData(let text):
            "Inconsistent data: \(text)"
        case .storeFailure(let text):
            "Store failure: \(text)"
        case .saveInProgress:
            "The context is already saving."
        case .changesNotObservable(let store):
            "\(store) cannot report the changes its saves commit."
        case .storeConflicts(let conflicts):
            "The store refused the save: \(conflicts.map(\.description).joined(separator: "; "))."
        case .mergeConflicts(let conflicts):
            "The save conflicts with other saves: \(conflicts.map(\.description).joined(separator: "; "))."
        }
    }
}
