import Foundation
import ObjectGraph

/// A small Music data set with the edge cases SQL translation must get right: nil values, LIKE
/// metacharacters, diacritics and case, a band without albums, an album without band, many-to-many tags.
public enum TranslationData {
    /// The release date of "Double Negative".
    public static let release = Date(timeIntervalSince1970: 1_536_883_200)
    /// The identifier of the track "Quorum".
    public static let trackID = UUID(uuidString: "5B0E2C1A-8F0E-4D2B-9C55-1D2A3B4C5D6E")!
    /// The website of "Low".
    public static let website = URL(string: "https://low.example")!

    /// Inserts the data set into `context` (unsaved).
    public static func insert(into context: ObjectContext) {
        let subPop = Label(context: context, name: "Sub Pop")
        let kranky = Label(context: context, name: "Kranky")
        let low = band("Low", 1993, 4.5, subPop, context)
        low.website = website
        let nirvana = band("Nirvana", 1987, 4.8, subPop, context)
        let bjork = band("Björk", 1977, 4.7, nil, context)
        let odd = band("100% Pure_Evil\\", nil, 3.0, kranky, context)
        _ = band("björk tribute", 2001, 2.5, kranky, context)
        _ = band("Silent", nil, 0, nil, context)
        odd.isActive = false

        let things = album("Things We Lost in the Fire", 2001, "9.99", low, context)
        let doubleNegative = album("Double Negative", 2018, nil, low, context)
        doubleNegative.releaseDate = release
        doubleNegative.rating = 4.5
        let nevermind = album("Nevermind", 1991, "10", nirvana, context)
        let unplugged = album("MTV Unplugged in New York", 1994, "11", nirvana, context)
        unplugged.isLive = true
        let homogenic = album("Homogenic", 1997, nil, bjork, context)
        homogenic.rating = 4.5
        _ = album("50% off_sale", 2010, "9.99", odd, context)
        _ = album("Various Artists", 2000, nil, nil, context)

        let grunge = Tag(context: context, name: "grunge")
        let slowcore = Tag(context: context, name: "slowcore")
        let ambient = Tag(context: context, name: "ambient")
        _ = Tag(context: context, name: "unused")
        track("Smells Like Teen Spirit", 301, 1, nevermind, [grunge], context)
        track("In Bloom", 254, 2, nevermind, [grunge], context)
        track("Sunflower", 277, 1, things, [slowcore], context)
        track("Quorum", 259, 1, doubleNegative, [slowcore, ambient], context).identifier = trackID
        track("Dancing and Blood", 311, 2, doubleNegative, [slowcore], context)
        track("Jóga", 305, nil, homogenic, [], context)
        track("Hunter", 255, 3, homogenic, [ambient, grunge], context)
    }

    private static func band(_ name: String, _ formed: Int16?, _ rating: Double, _ label: Label?, _ context: ObjectContext) -> Band {
        let band = Band(context: context, name: name)
        band.formed = formed
        band.rating = rating
        band.setLabel(label)
        return band
    }

    private static func album(_ title: String, _ year: Int16, _ price: String?, _ band: Band?, _ context: ObjectContext) -> Album {
        let album = Album(context: context, title: title)
        album.year = year
        album.price = price.flatMap { Decimal(string: $0) }
        album.setBand(band)
        return album
    }

    @discardableResult
    private static func track(
        _ title: String, _ duration: Int32, _ number: Int16?, _ album: Album, _ tags: [Tag], _ context: ObjectContext
    ) -> Track {
        let track = Track(context: context, title: title)
        track.duration = duration
        track.number = number
        album.addToTracks(track)
        tags.forEach(track.addToTags)
        return track
    }
}
