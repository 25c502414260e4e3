import Foundation
import ObjectGraph

/// The data most checks query: labels, bands, albums, tracks and tags with known values.
enum MusicSeed {
    static let lowWebsite = URL(string: "https://low.example")!
    static let doubleNegativeRelease = Date(timeIntervalSince1970: 1_536_883_200)
    static let quorumID = UUID(uuidString: "5B0E2C1A-8F0E-4D2B-9C55-1D2A3B4C5D6E")!

    /// Every album title in insertion order.
    static let albumTitles = [
        "Things We Lost in the Fire", "C'mon", "Double Negative", "Bleach", "Nevermind",
        "MTV Unplugged in New York", "Ruins", "Homogenic", "Various Artists",
    ]

    static func insert(into context: ObjectContext) throws {
        let subPop = Label(context: context, name: "Sub Pop")
        subPop.founded = Date(timeIntervalSince1970: 567_993_600)
        let kranky = Label(context: context, name: "Kranky")

        let low = band("Low", formed: 1993, rating: 4.5, active: false, label: subPop, context)
        low.website = lowWebsite
        let nirvana = band("Nirvana", formed: 1987, rating: 4.8, active: false, label: subPop, context)
        let grouper = band("Grouper", formed: nil, rating: 4.1, active: true, label: kranky, context)
        let bjork = band("Björk", formed: 1977, rating: 4.7, active: true, label: nil, context)

        let things = album("Things We Lost in the Fire", 2001, price: Decimal(string: "9.99"), low, context)
        _ = album("C'mon", 2011, price: Decimal(string: "12.50"), low, context)
        let doubleNegative = album("Double Negative", 2018, price: nil, low, context)
        doubleNegative.releaseDate = doubleNegativeRelease
        _ = album("Bleach", 1989, price: 7, nirvana, context)
        let nevermind = album("Nevermind", 1991, price: 10, nirvana, context)
        let unplugged = album("MTV Unplugged in New York", 1994, price: 11, nirvana, context)
        unplugged.isLive = true
        let ruins = album("Ruins", 2014, price: nil, grouper, context)
        let homogenic = album("Homogenic", 1997, price: nil, bjork, context)
        homogenic.rating = 4.5
        _ = album("Various Artists", 2000, price: nil, nil, context)

        let grunge = Tag(context: context, name: "grunge")
        let slowcore = Tag(context: context, name: "slowcore")
        let ambient = Tag(context: context, name: "ambient")
        for (number, (title, duration)) in [("Smells Like Teen Spirit", Int32(301)), ("In Bloom", 254), ("Come as You Are", 219)].enumerated() {
            track(title, duration, number + 1, nevermind, tags: [grunge], context)
        }
        track("Sunflower", 277, 1, things, tags: [slowcore], context)
        track("Embrace", 240, 2, things, tags: [slowcore], context)
        track("Quorum", 259, 1, doubleNegative, tags: [slowcore, ambient], context).identifier = quorumID
        track("Dancing and Blood", 311, 2, doubleNegative, tags: [slowcore], context)
        track("Call Across Rooms", 181, 1, ruins, tags: [ambient], context)
        track("Jóga", 305, nil, homogenic, tags: [], context)
    }

    private static func band(
        _ name: String, formed: Int16?, rating: Double, active: Bool, label: Label?, _ context: ObjectContext
    ) -> Band {
        let band = Band(context: context, name: name)
        band.formed = formed
        band.rating = rating
        band.isActive = active
        band.setLabel(label)
        return band
    }

    private static func album(_ title: String, _ year: Int16, price: Decimal?, _ band: Band?, _ context: ObjectContext) -> Album {
        let album = Album(context: context, title: title)
        album.year = year
        album.price = price
        album.setBand(band)
        return album
    }

    @discardableResult
    private static func track(
        _ title: String, _ duration: Int32, _ number: Int?, _ album: Album, tags: [Tag], _ context: ObjectContext
    ) -> Track {
        let track = Track(context: context, title: title)
        track.duration = duration
        track.number = number.map(Int16.init)
        album.addToTracks(track)
        tags.forEach(track.addToTags)
        return track
    }
}
