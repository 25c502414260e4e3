import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct BandcampTests {
    @Test func findABandByNameThenWalkItsDiscographyAndTracks() async throws {
        try await withServer(BandcampAPI()) { server in
            let transport = RecordingTransport()
            let store = try Stores.bandcamp(server, transport: transport)
            let context = try ObjectContext(store: store, model: BandcampModel.model)
            let bands = try await Band.fetch(in: context, where: \.name == "Low")
            let low = try #require(bands.first)
            #expect(bands.count == 1)
            #expect(low.identifier == Int64(BandcampAPI.lowID))
            #expect(low.url == URL(string: "https://chairkickers.bandcamp.com"))

            let albums = try await low.discography
            #expect(albums.map(\.title) == (1...10).map { "Album \($0)" })
            let first = try #require(albums.first)
            #expect(first.releaseDate == Date(timeIntervalSince1970: 694224000))
            #expect(try await first.band === low)
            for album in albums {
                let tracks = try await album.tracks
                #expect(tracks.map(\.number) == Array(1...10))
                #expect(tracks.first?.duration == 180.5)
                #expect(try await tracks.first?.album === album)
            }
            #expect(server.requests.count == 12)
            #expect(transport.requests.first?.url.query == "name=Low")
            #expect(transport.requests[1].url.query == "band_id=\(BandcampAPI.lowID)")
        }
    }

    @Test func concurrentRequestsStayWithinTheLimit() async throws {
        try await withServer(BandcampAPI()) { server in
            let transport = InFlightTransport()
            let store = try RESTStore(model: BandcampModel.model.schema, baseURL: server.baseURL, transport: transport,
                                      configuration: .init(queryParameters: ["Band": ["name": "name"]], maxConcurrentRequests: 3))
            let context = try ObjectContext(store: store, model: BandcampModel.model)
            var request = FetchRequest<Band.Fields>(where: \.name == "Low")
            request.prefetching = [["discography", "tracks"]]
            let bands = try await context.fetch(request)
            #expect(bands.count == 1 && server.requests.count == 12)
            #expect(transport.highest == 3)
        }
    }

    @Test func prefetchingLoadsEveryAlbumsTracksInOneConcurrentStep() async throws {
        try await withServer(BandcampAPI()) { server in
            let context = try ObjectContext(store: try Stores.bandcamp(server), model: BandcampModel.model)
            var request = FetchRequest<Band.Fields>(where: \.name == "Low")
            request.prefetching = [["discography", "tracks"]]
            let low = try #require(try await context.fetch(request).first)
            #expect(server.requests.count == 12)
            var trackCount = 0
            for album in try await low.discography { trackCount += try await album.tracks.count }
            #expect(trackCount == 100)
            #expect(server.requests.count == 12)
        }
    }

    @Test func anObjectNotInTheCacheIsReadFromItsObjectURL() async throws {
        try await withServer(BandcampAPI()) { server in
            let store = try Stores.bandcamp(server)
            let id = AnyObjectID(entityName: "Track", key: .integer(20305))
            let snapshots = try await store.snapshots(for: [id, AnyObjectID(entityName: "Track", key: .integer(99))])
            #expect(snapshots.map(\.id) == [id])
            #expect(server.requests == ["GET /api/track/3/info", "GET /api/track/3/info"])
            _ = try await store.snapshots(for: [id])
            #expect(server.requests.count == 2)
        }
    }
}
