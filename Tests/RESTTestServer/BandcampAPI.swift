import Foundation

/// A Bandcamp-like API (the documented `band/3`, `album/2` and `track/3` endpoints): band search by
/// name, a band's discography, album info with its tracks, track info. Dates are Unix seconds.
///
/// The band "Low" has `albumCount` albums of `tracksPerAlbum` tracks each; "Lowercase Noises" and
/// "Slowdive" make the search fuzzy, as the real one is.
public struct BandcampAPI: TestAPI {
    struct Band {
        let id: Int
        let name: String
        let subdomain: String
    }

    /// The identifier of the band "Low".
    public static let lowID = 3463798201
    private let bands = [
        Band(id: BandcampAPI.lowID, name: "Low", subdomain: "chairkickers"),
        Band(id: 203035041, name: "Lowercase Noises", subdomain: "lowercasenoises"),
        Band(id: 1138469093, name: "Slowdive", subdomain: "slowdive"),
    ]
    private let albumCount: Int
    private let tracksPerAlbum: Int

    /// Creates the API.
    public init(albumCount: Int = 10, tracksPerAlbum: Int = 10) {
        self.albumCount = albumCount
        self.tracksPerAlbum = tracksPerAlbum
    }

    /// Routes a request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        guard request.method == "GET" else { return .error(405, "Method Not Allowed") }
        switch request.segments.joined(separator: "/") {
        case "api/band/3/search":
            let name = request.query["name"]?.lowercased() ?? ""
            return .json(["results": bands.filter { name.isEmpty || $0.name.lowercased().contains(name) }.map(json)])
        case "api/band/3/info":
            return band(request.query["band_id"]).map { .json(json($0)) } ?? .notFound
        case "api/band/3/discography":
            guard let band = band(request.query["band_id"]) else { return .notFound }
            return .json(["discography": albumIndices(of: band).map { album($0, band: band, withTracks: false) }])
        case "api/album/2/info":
            guard let (index, band) = album(request.query["album_id"]) else { return .notFound }
            return .json(album(index, band: band, withTracks: true))
        case "api/track/3/info":
            guard let id = request.query["track_id"].flatMap(Int.init), id >= 20000 else { return .notFound }
            let albumIndex = (id - 20000) / 100
            guard albumIndex < albumCount, (id - 20000) % 100 < tracksPerAlbum else { return .notFound }
            return .json(track((id - 20000) % 100, album: albumIndex))
        default:
            return .notFound
        }
    }

    private func band(_ id: String?) -> Band? {
        bands.first { String($0.id) == id }
    }

    private func albumIndices(of band: Band) -> Range<Int> {
        band.id == Self.lowID ? 0..<albumCount : 0..<0
    }

    private func album(_ id: String?) -> (Int, Band)? {
        guard let id = id.flatMap(Int.init), id >= 10000, id - 10000 < albumCount else { return nil }
        return (id - 10000, bands[0])
    }

    private func json(_ band: Band) -> [String: Any] {
        ["band_id": band.id, "name": band.name, "subdomain": band.subdomain,
         "url": "https://\(band.subdomain).bandcamp.com", "offsite_url": NSNull()]
    }

    private func album(_ index: Int, band: Band, withTracks: Bool) -> [String: Any] {
        var album: [String: Any] = [
            "album_id": 10000 + index, "title": "Album \(index + 1)", "release_date": 694224000 + index * 31536000,
            "large_art_url": "https://f4.bcbits.com/img/a\(10000 + index)_2.jpg",
            "small_art_url": "https://f4.bcbits.com/img/a\(10000 + index)_3.jpg",
            "band_id": band.id, "artist": band.name, "url": "https://\(band.subdomain).bandcamp.com/album/album-\(index + 1)",
        ]
        if withTracks {
            album["tracks"] = (0..<tracksPerAlbum).map { track($0, album: index) }
            album["about"] = "The \(index + 1)th album."
        }
        return album
    }

    private func track(_ index: Int, album: Int) -> [String: Any] {
        ["track_id": 20000 + album * 100 + index, "title": "Track \(index + 1)", "number": index + 1,
         "duration": 180.5 + Double(index), "album_id": 10000 + album,
         "streaming_url": "https://popplers5.bandcamp.com/download/track?id=\(20000 + album * 100 + index)",
         "about": NSNull(), "lyrics": NSNull()]
    }
}
