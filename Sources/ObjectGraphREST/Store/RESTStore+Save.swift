import Foundation
import ObjectGraph

/// Saving: POST inserts, PATCH updates and link lists, DELETE deletions, in dependency order.
///
/// HTTP has no transactions: when a request fails, the earlier ones have taken effect on the server.
/// The store then throws, keeps its cache as it was, and remembers which inserts the server already
/// created, so retrying the same changes (the context keeps them) updates those objects instead of
/// creating them twice; a DELETE answered with 404 counts as done.
extension RESTStore {
    /// Saves `changes` and returns the permanent IDs of inserted objects, in change set order.
    public func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        try await saveReturningState(changes).permanentIDs
    }

    /// Saves `changes` like ``saveReturningState(_:)``, sending `idempotencyKeys[id]` as the idempotency
    /// key of the `POST` that creates the new object `id` instead of a key of this store's: a caller that
    /// persists its writes (an outbox) sends the same key after a restart, so a `POST` whose response was
    /// lost before the restart does not create a second object. Keys must be unique per new object.
    ///
    /// ```swift
    /// let result = try await store.saveReturningState(changes, idempotencyKeys: [newIssue: "outbox-17-0"])
    /// ```
    public func saveReturningState(_ changes: ChangeSet, idempotencyKeys: [AnyObjectID: String]) async throws -> SaveResult {
        suppliedIdempotencyKeys.merge(idempotencyKeys) { _, new in new }
        defer { for id in idempotencyKeys.keys { suppliedIdempotencyKeys[id] = nil } }
        return try await saveReturningState(changes)
    }

    /// Saves `changes` and returns the permanent IDs and the server's state of every written object.
    public func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult {
        try await loadObjectsNeededForURLs(of: changes)
        try checkExpressible(changes)
        var decoder = ResponseDecoder(compiled: compiled, url: "", cache: CacheOverlay(over: cache))
        var progress = SaveProgress()
        let inserts = Dictionary(changes.inserted.map { ($0.id, $0) }) { first, _ in first }
        let insertOrder = SaveOrder.dependenciesFirst(changes.inserted.map(\.id)) { id in inserts[id]?.toOneIDs.compactMap(\.self) ?? [] }
        for id in insertOrder {
            if let snapshot = inserts[id] { try await insert(snapshot, decoder: &decoder, progress: &progress) }
        }
        for link in progress.deferred { try await send(link, decoder: &decoder, permanentIDs: progress.permanentIDs) }
        let deleted = Set(changes.deleted.map(\.id))
        for update in changes.updated { try await apply(update, deleted: deleted, decoder: &decoder, progress: &progress) }
        progress.lists.formUnion(try await save(try linkLists(for: changes.toManyChanges, deleted: deleted), decoder: &decoder,
                                                 permanentIDs: progress.permanentIDs))
        for deletion in deletionOrder(changes.deleted, objects: decoder.cache) {
            try await delete(deletion, decoder: &decoder, progress: &progress)
        }
        let savedSnapshots = Self.unique(progress.written).compactMap { id in decoder.cache[id]?.snapshot(id: id) }
        let saved = decoder.cache.takeChanges()
        cache.apply(saved)
        lastSaveCacheEntries = saved.writtenCount
        let lists = progress.lists.union(saved.lists.map(\.key))
        savesDuringReads.recordWrite(of: (progress.written + changes.deleted.map(\.id)).map(CacheEntry.object) + lists.map(CacheEntry.list))
        for snapshot in changes.inserted {
            completedInserts[snapshot.id] = nil
            idempotencyAttempts[snapshot.id] = nil
        }
        let permanentIDs = try changes.inserted.map { snapshot in
            guard let id = progress.permanentIDs[snapshot.id] else {
                throw ObjectGraphError.inconsistentData("the save created no object for \(snapshot.id)")
            }
            return id
        }
        broadcaster.publish { StoreChange(committing: changes, permanentIDs: permanentIDs) }
        trimCache()
        return SaveResult(permanentIDs: permanentIDs, savedSnapshots: savedSnapshots)
    }

    /// What a save has done so far.
    private struct SaveProgress {
        var permanentIDs: [AnyObjectID: AnyObjectID] = [:]
        /// Objects created or changed, whose server state the context adopts.
        var written: [AnyObjectID] = []
        /// To-ones of new objects whose destination was created later in the same save (a cycle).
        var deferred: [DeferredLink] = []
        /// Relationship lists the save changed on the server, cached or not (a list read before the save
        /// must not be cached in their place).
        var lists: Set<RelationKey> = []
    }

    /// An object a POST created, what was sent, and what the server answered.
    struct CreatedObject {
        let id: AnyObjectID
        let sent: CachedObject
        let state: CachedObject
    }

    private struct DeferredLink {
        let temporaryID: AnyObjectID
        let relationship: MappedRelationship
        let destination: AnyObjectID
    }

    private func insert(_ snapshot: Snapshot, decoder: inout ResponseDecoder, progress: inout SaveProgress) async throws {
        let entity = try compiled.entity(snapshot.entityName)
        var staged = CachedObject(snapshot)
        staged.toOneIDs = snapshot.toOneIDs.map { $0.map { progress.permanentIDs[$0] ?? $0 } }
        var toOnes: [(MappedRelationship, AnyObjectID?)] = []
        for relationship in entity.relationships.values {
            guard let slot = relationship.toOneSlot else { continue }
            let destination = staged.toOneIDs[slot]
            if let destination, destination.isTemporary {
                progress.deferred.append(DeferredLink(temporaryID: snapshot.id, relationship: relationship, destination: destination))
            } else {
                toOnes.append((relationship, destination))
            }
        }
        decoder.cache.stage(staged, id: snapshot.id)
        let (url, carried) = try insertURL(for: snapshot.id, entity: entity, objects: decoder.cache)
        decoder.cache.stage(nil, id: snapshot.id)
        toOnes.removeAll { carried.contains($0.0.index) }
        let id: AnyObjectID
        if let created = completedInserts[snapshot.id] {
            id = created.id
            decoder.cache.stage(created.state, id: id)
            let changed = Set(staged.values.indices.filter { staged.values[$0] != created.sent.values[$0] })
            let body = RequestEncoder.body(entity, for: .update, values: staged.values, indices: changed, toOnes: [])
            try await sendUpdate(body, to: try objectURL(of: id, entity: entity, objects: decoder.cache), entity: entity, decoder: &decoder)
        } else {
            let present = Set(staged.values.indices.filter { !staged.values[$0].isNull })
            let body = RequestEncoder.withEntityValue(
                RequestEncoder.body(entity, for: .create, values: staged.values, indices: present, toOnes: toOnes), of: entity, in: compiled)
            let document: JSONValue?
            do {
                (document, _) = try await client.send(.post, url, body: body, idempotencyKey: idempotencyKey(for: snapshot.id))
            } catch let error as RESTError where error.refusedWithoutActing {
                // The server answered and did not create the object: the next attempt (edited, perhaps) is a
                // new request with a new key. After no answer, the key stays, so a retry cannot create twice.
                idempotencyAttempts[snapshot.id, default: 0] += 1
                throw error
            }
            guard let document else {
                throw RESTError.malformedDocument(url: url.absoluteString, reason: "expected the created \(entity.entity.name)", excerpt: "")
            }
            decoder.url = url.absoluteString
            id = try decoder.decodeObject(decoder.single(in: document, entity: entity), as: entity, seed: staged, completeness: .saveAnswer)
            if let state = decoder.cache[id] {
                completedInserts[snapshot.id] = CreatedObject(id: id, sent: staged, state: state)
            }
        }
        progress.permanentIDs[snapshot.id] = id
        progress.written.append(id)
        progress.lists.formUnion(invalidateInverseLists(of: entity, destinations: staged.toOneIDs, in: &decoder.cache))
    }

    /// The idempotency key of the `POST` that creates the new object `id`: this store's random prefix,
    /// the temporary ID's number, and how many times the server refused it (4xx), so every retry after a
    /// lost response repeats the key and a request after a refusal gets a new one; or the caller's key
    /// (``saveReturningState(_:idempotencyKeys:)``).
    private func idempotencyKey(for id: AnyObjectID) -> String {
        suppliedIdempotencyKeys[id] ?? "\(idempotencyPrefix)-\(id.key)-\(idempotencyAttempts[id] ?? 0)"
    }

    /// The URL a new object is POSTed to: the relationship URL of an owner whose inverse mapping asks for
    /// it, else the list URL; and the indices of the to-ones that URL names (the owner's relationship, the
    /// first steps of the list URL's placeholders), whose foreign keys the body leaves out.
    private func insertURL(
        for id: AnyObjectID, entity: CompiledEntity, objects: some CachedObjectLookup
    ) throws(RESTError) -> (URL, Set<Int>) {
        for relationship in entity.relationships.values.sorted(by: { $0.index < $1.index }) {
            guard let slot = relationship.toOneSlot, let owner = objects[id]?.toOneIDs[slot], !owner.isTemporary,
                  let inverseIndex = relationship.inverseIndex,
                  let ownerEntity = try? compiled.entity(relationship.description.destinationEntityName),
                  let inverse = ownerEntity.relationships[inverseIndex], inverse.mapping.insertsThroughPath,
                  let path = inverse.path else { continue }
            return (try url(path, of: owner, entity: ownerEntity.entity.name, objects: objects), [relationship.index])
        }
        guard let path = entity.path else {
            throw .notMapped(entity: entity.entity.name, reason: "list URL (rest.path) to create objects")
        }
        return (try url(path, of: id, entity: entity.entity.name, objects: objects), entity.toOnesNamedByListURL)
    }

    private func send(_ link: DeferredLink, decoder: inout ResponseDecoder, permanentIDs: [AnyObjectID: AnyObjectID]) async throws {
        guard let id = permanentIDs[link.temporaryID], let destination = permanentIDs[link.destination],
              let cached = decoder.cache[id], let slot = link.relationship.toOneSlot else { return }
        let entity = try compiled.entity(cached.entityName)
        let url = try objectURL(of: id, entity: entity, objects: decoder.cache)
        guard link.relationship.mapping.writesForeignKey, link.relationship.mapping.foreignKey != nil else {
            throw RESTError.unsupportedChange(
                "\(entity.entity.name).\(link.relationship.description.name) links two new objects, and its foreign key is not sent (declare rest.foreignKey)")
        }
        let body = RequestEncoder.body(entity, for: .update, values: cached.values, indices: [], toOnes: [(link.relationship, destination)])
        decoder.cache.setToOne(at: slot, of: id, to: destination)
        try await sendUpdate(body, to: url, entity: entity, decoder: &decoder)
    }

    private func apply(_ update: UpdatedObject, deleted: Set<AnyObjectID>, decoder: inout ResponseDecoder, progress: inout SaveProgress) async throws {
        guard let current = decoder.cache[update.id] else { throw ObjectGraphError.objectNotFound(update.id) }
        let entity = try compiled.entity(current.entityName)
        let url = try objectURL(of: update.id, entity: entity, objects: decoder.cache)
        var changed = current
        for change in update.attributes where changed.values.indices.contains(change.index) {
            changed.values[change.index] = change.value
        }
        var toOnes: [(MappedRelationship, AnyObjectID?)] = []
        for change in update.toOnes {
            let destination = change.destination.map { progress.permanentIDs[$0] ?? $0 }
            guard let relationship = entity.relationships[change.relationshipIndex], let slot = relationship.toOneSlot else { continue }
            progress.lists.formUnion(invalidateInverseLists(of: entity, destinations: [current.toOneIDs[slot], destination], in: &decoder.cache))
            changed.toOneIDs[slot] = destination
            if !unlinksDeletedObject(change, of: update.id, entity: entity, deleted: deleted) { toOnes.append((relationship, destination)) }
        }
        let body = RequestEncoder.body(entity, for: .update, values: changed.values, indices: Set(update.attributes.map(\.index)), toOnes: toOnes)
        decoder.cache.stage(changed, id: update.id)
        try await sendUpdate(body, to: url, entity: entity, decoder: &decoder)
        progress.written.append(update.id)
    }

    /// Sends changed fields (nothing when there are none) and reads the server's answer, if any.
    private func sendUpdate(_ body: JSONValue, to url: URL, entity: CompiledEntity, decoder: inout ResponseDecoder) async throws {
        guard !RequestEncoder.isEmpty(body) else { return }
        let (document, _) = try await client.send(configuration.updateMethod, url, body: body)
        guard let document else { return }
        decoder.url = url.absoluteString
        _ = try decoder.decodeObject(decoder.single(in: document, entity: entity), as: entity, completeness: .saveAnswer)
    }

    private func delete(_ deletion: DeletedObject, decoder: inout ResponseDecoder, progress: inout SaveProgress) async throws {
        let entity = try compiled.entity(decoder.cache[deletion.id]?.entityName ?? deletion.entityName)
        let url = try objectURL(of: deletion.id, entity: entity, objects: decoder.cache)
        do {
            _ = try await client.send(.delete, url)
        } catch RESTError.httpStatus(404, _, _, _) {
            // Already gone: a retried save, or another client deleted it.
        }
        if let cached = decoder.cache[deletion.id] {
            progress.lists.formUnion(invalidateInverseLists(of: entity, destinations: cached.toOneIDs, in: &decoder.cache))
        }
        decoder.cache.removeDeleted(deletion.id, toManyNames: entity.entity.relationships.filter(\.isToMany).map(\.name))
    }

    /// Deletions with objects that point at other deleted objects first.
    private func deletionOrder(_ deletions: [DeletedObject], objects: CacheOverlay) -> [DeletedObject] {
        let byID = Dictionary(deletions.map { ($0.id, $0) }) { first, _ in first }
        let ids = deletions.map(\.id)
        let order = SaveOrder.dependenciesFirst(ids) { id in
            ids.filter { other in objects[other]?.toOneIDs.contains(id) == true }
        }
        return order.compactMap { byID[$0] }
    }

    /// Forgets the cached to-many lists that a changed to-one of an `entity` object appears in; returns them.
    private func invalidateInverseLists(of entity: CompiledEntity, destinations: [AnyObjectID?], in cache: inout CacheOverlay) -> [RelationKey] {
        let inverses = entity.entity.toOneRelationshipIndices.compactMap { entity.entity.relationships[$0].inverseName }
        let keys = destinations.compactMap(\.self).flatMap { destination in
            inverses.map { RelationKey(owner: destination, relationship: $0) }
        }
        for key in keys { cache.dropList(key) }
        return keys
    }
}
