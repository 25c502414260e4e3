// A live, sectioned list over Models/Events.xcdatamodeld (Event and EventsModel come from the ModelGenPlugin
// build tool plugin): events by day, newest first, loaded 20 at a time, on SQLite. A second context in
// another task inserts and deletes events; every change arrives here as a diff a table view could apply.
import Foundation
import ObjectGraph
import ExampleSupport

/// The day of a date in UTC, e.g. `2026-11-20`: the section name.
@Sendable func day(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle().year().month().day())
}

let start = Date(timeIntervalSince1970: 1_795_600_800)   // 2026-11-20 09:00 UTC
let hour: TimeInterval = 3600

// A fresh SQLite file (or the path given as the argument); --in-memory for InMemoryStore.
let store = try await exampleStore(for: EventsModel.model, name: "events-example")
let seeding = try ObjectContext(store: store, model: EventsModel.model)
for dayOffset in 0..<12 {
    for slot in 0..<5 {
        let event = Event(context: seeding, timeStamp: start - Double(dayOffset) * 24 * hour + Double(slot) * 2 * hour)
        event.title = ["Standup", "Review", "Lunch", "Planning", "Retro"][slot]
    }
}
try await seeding.save()

let context = try ObjectContext(store: store, model: EventsModel.model)
let events = try await Event.results(in: context, sortedBy: [.descending(\.timeStamp)], sectionedBy: \.timeStamp,
                                     sectionName: day, batchSize: 20)

/// One line per section: its name and the titles of its first events.
@MainActor func printSections() async throws {
    for (index, section) in events.sections.enumerated().prefix(3) {
        let titles = try await events.objects(inSection: index).map(\.title)
        print("  \(section.name): \(titles.joined(separator: ", "))")
    }
    print("  … \(events.sections.count) days, \(events.snapshot.count) events")
}

print("live list:")
try await printSections()

// Another context, in another task, changes the store: each save is one update of the list.
let writer = Task.detached { [store, start, hour] in
    let other = try ObjectContext(store: store, model: EventsModel.model)
    let party = Event(context: other, timeStamp: start + 3 * 24 * hour)
    party.title = "Launch party"
    try await other.save()                                           // a new day, at the top

    let late = Event(context: other, timeStamp: start + 11 * hour)
    late.title = "Late call"
    try await other.save()                                           // a row in the newest existing day

    let oldest = try await Event.fetch(in: other, where: \.timeStamp < start - 9 * 24 * hour - hour)
    oldest.forEach(other.delete)
    try await other.save()                                           // the two oldest days disappear

    party.timeStamp = start - 5 * 24 * hour + hour
    try await other.save()                                           // moves into an older day
}

// Saves the list has not taken yet arrive coalesced into one diff; the loop ends at the final state:
// 60 events + 2 - the 10 of the two oldest days, with the party moved out of the top day.
for try await update in events.updates {
    print("diff: \(update.diff)")
    try await printSections()
    if update.snapshot.count == 52 && update.snapshot.sections.first?.name == day(start) { break }
}
try await writer.value
