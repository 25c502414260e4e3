// Uses code the ModelGenPlugin build tool plugin generates from Models/Bandcamp.xcdatamodeld at build time
// (listed in modelgen.json): Band, Album, Track and BandcampModel are not in this folder.
import Foundation
import ObjectGraph
import ExampleSupport

// A fresh SQLite file (or the path given as the argument); --in-memory for InMemoryStore.
let store = try await exampleStore(for: BandcampModel.model, name: "bandcamp-example")
let context = try ObjectContext(store: store, model: BandcampModel.model)

let band = Band(context: context, identifier: 1, name: "Low")
band.subdomain = "low"
for (number, (title, tracks)) in [("C'mon", [("Try to Sleep", 254.0), ("Witches", 320.0)]),
                                   ("Double Negative", [("Quorum", 459.0), ("Dancing and Blood", 329.0)])].enumerated() {
    let album = Album(context: context, identifier: Int64(10 + number), title: title)
    album.releaseDate = Date(timeIntervalSince1970: Double(1_300_000_000 + number * 230_000_000))
    band.addToDiscography(album)
    for (index, (trackTitle, duration)) in tracks.enumerated() {
        let track = Track(context: context, identifier: Int64(100 + number * 10 + index), title: trackTitle)
        track.duration = duration
        track.number = Int16(index + 1)
        album.addToTracks(track)
    }
}
try await context.save()

// A fresh context reads what the store holds.
let reader = try ObjectContext(store: store, model: BandcampModel.model)
let albums = try await Album.fetch(in: reader, where: \.band.name == "Low" && \.title != "", sortedBy: [.ascending(\.releaseDate)])
for album in albums {
    let tracks = try await album.tracks
    let bandName = try await album.band?.name ?? "?"
    print("\(album.title) by \(bandName): \(tracks.map(\.title).joined(separator: ", "))")
}

// Fetch request templates of the model, typed: BandsNamed (name BEGINSWITH[cd] $NAME) and LongTracks.
let bands = try await Band.fetchBandsNamed(in: reader, name: "lo")
print("bands named lo*: \(bands.map(\.name))")
let longTracks = try await Track.fetchLongTracks(in: reader, seconds: 300)
print("tracks of 300 s or more: \(longTracks.map(\.title).sorted())")
