import Foundation
import ObjectGraph
import Testing

extension Checks {
    func comparisonPredicates() async throws {
        let context = try await seeded()
        func albums(_ predicate: FetchPredicate<Album.Fields>) async throws -> Set<String> {
            titleSet(try await Album.fetch(in: context, where: predicate))
        }
        #expect(try await albums(\.title == "Bleach") == ["Bleach"])
        #expect(try await albums(\.year != 2000).count == 8)
        #expect(try await albums(\.year > 2010) == ["C'mon", "Double Negative", "Ruins"])
        #expect(try await albums(\.year >= 2011) == ["C'mon", "Double Negative", "Ruins"])
        #expect(try await albums(\.year < 1990) == ["Bleach"])
        #expect(try await albums(\.year <= 1991) == ["Bleach", "Nevermind"])
        #expect(try await albums(.in(\.year, [1989, 1994, 1800])) == ["Bleach", "MTV Unplugged in New York"])
        #expect(try await albums(.in(\.year, [])).isEmpty)
        #expect(try await albums(.between(\.year, 1991, 1997)) == ["Nevermind", "MTV Unplugged in New York", "Homogenic"])
        #expect(try await albums(\.price == nil) == ["Double Negative", "Ruins", "Homogenic", "Various Artists"])
        #expect(try await albums(\.price != nil).count == 5)
        #expect(try await albums(\.price > Decimal(10)) == ["C'mon", "MTV Unplugged in New York"])
        #expect(try await albums(\.price <= Decimal(string: "9.99")) == ["Bleach", "Things We Lost in the Fire"])
        #expect(try await albums(\.isLive == true) == ["MTV Unplugged in New York"])
        #expect(try await albums(\.rating > 4) == ["Homogenic"])
        #expect(try await albums(\.releaseDate > Date(timeIntervalSince1970: 1_514_764_800)) == ["Double Negative"])
        #expect(try await albums(.always).count == 9)
        #expect(try await albums(.never).isEmpty)
    }

    func stringPredicates() async throws {
        let context = try await seeded()
        func albums(_ predicate: FetchPredicate<Album.Fields>) async throws -> Set<String> {
            titleSet(try await Album.fetch(in: context, where: predicate))
        }
        func bands(_ predicate: FetchPredicate<Band.Fields>) async throws -> Set<String> {
            Set(try await Band.fetch(in: context, where: predicate).map(\.name))
        }
        #expect(try await albums(.contains(\.title, "Neg")) == ["Double Negative"])
        #expect(try await albums(.contains(\.title, "neg")).isEmpty)
        #expect(try await albums(.contains(\.title, "NEVER", options: .caseInsensitive)) == ["Nevermind"])
        #expect(try await albums(.beginsWith(\.title, "Th")) == ["Things We Lost in the Fire"])
        #expect(try await albums(.endsWith(\.title, "ind")) == ["Nevermind"])
        #expect(try await albums(.endsWith(\.title, "YORK", options: .caseInsensitive)) == ["MTV Unplugged in New York"])
        #expect(try await albums(.like(\.title, "*e?mind")) == ["Nevermind"])
        #expect(try await albums(.like(\.title, "B*")) == ["Bleach"])
        #expect(try await albums(.like(\.title, "r?ins", options: .caseInsensitive)) == ["Ruins"])
        #expect(try await albums(.matches(\.title, "[A-Z][a-z]+")) == ["Bleach", "Nevermind", "Ruins", "Homogenic"])
        #expect(try await albums(.matches(\.title, "c'MON", options: .caseInsensitive)) == ["C'mon"])
        #expect(try await bands(.equals(\.name, "bjork", options: [.caseInsensitive, .diacriticInsensitive])) == ["Björk"])
        #expect(try await bands(.equals(\.name, "bjork", options: .caseInsensitive)).isEmpty)
        #expect(try await bands(.contains(\.name, "jo", options: .diacriticInsensitive)) == ["Björk"])
        #expect(try await bands(.contains(\.name, "jo")).isEmpty)
        #expect(try await bands(\.name == "Björk") == ["Björk"])
    }

    func relationshipPredicates() async throws {
        let context = try await seeded()
        func albums(_ predicate: FetchPredicate<Album.Fields>) async throws -> Set<String> {
            titleSet(try await Album.fetch(in: context, where: predicate))
        }
        #expect(try await albums(\.band.name == "Low") == ["Things We Lost in the Fire", "C'mon", "Double Negative"])
        #expect(try await albums(\.band.label.name == "Sub Pop").count == 6)
        #expect(try await albums(\.band.formed == nil) == ["Ruins", "Various Artists"])
        #expect(try await albums(.isNil(\.band)) == ["Various Artists"])
        #expect(try await albums(.isNotNil(\.band)).count == 8)
        #expect(try await albums(.isNil(\.band.label) && \.year > 1990) == ["Homogenic", "Various Artists"])
        #expect(try await albums(\.band.rating >= 4.7 && \.year > 1990) == ["Nevermind", "MTV Unplugged in New York", "Homogenic"])
        #expect(try await albums(.any(\.tracks, \.duration > 300)) == ["Nevermind", "Double Negative", "Homogenic"])
        #expect(try await albums(.all(\.tracks, \.duration > 250))
            == ["Bleach", "C'mon", "MTV Unplugged in New York", "Various Artists", "Double Negative", "Homogenic"])
        #expect(try await albums(.any(\.tracks, .any(\.tags, \.name == "ambient"))) == ["Double Negative", "Ruins"])
        let bands = try await Band.fetch(in: context, where: .any(\.albums, \.year > 2015))
        #expect(bands.map(\.name) == ["Low"])
        let grunge = try await Track.fetch(in: context, where: .any(\.tags, \.name == "grunge"))
        #expect(Set(grunge.map(\.title)) == ["Smells Like Teen Spirit", "In Bloom", "Come as You Are"])
        let kranky = try await Track.fetch(in: context, where: \.album.band.label.name == "Kranky")
        #expect(kranky.map(\.title) == ["Call Across Rooms"])
    }

    func compoundPredicates() async throws {
        let context = try await seeded()
        func albums(_ predicate: FetchPredicate<Album.Fields>) async throws -> Set<String> {
            titleSet(try await Album.fetch(in: context, where: predicate))
        }
        #expect(try await albums(\.band.name == "Nirvana" && \.year > 1990) == ["Nevermind", "MTV Unplugged in New York"])
        #expect(try await albums(\.year < 1990 || \.isLive == true) == ["Bleach", "MTV Unplugged in New York"])
        #expect(try await albums(!(\.band.name == "Low")).count == 6)
        #expect(try await albums(!(\.year > 1990) && (\.price != nil || \.band.name == "Björk")) == ["Bleach"])
        #expect(try await albums((\.year > 2010 && .contains(\.title, "o")) || \.title == "Bleach") == ["C'mon", "Double Negative", "Bleach"])
    }

    func valueTypePredicates() async throws {
        let context = try await seeded()
        #expect(try await Band.fetch(in: context, where: \.website == MusicSeed.lowWebsite).map(\.name) == ["Low"])
        #expect(try await Band.fetch(in: context, where: \.website != nil).map(\.name) == ["Low"])
        #expect(Set(try await Band.fetch(in: context, where: \.rating >= 4.7).map(\.name)) == ["Nirvana", "Björk"])
        #expect(Set(try await Band.fetch(in: context, where: \.isActive == false).map(\.name)) == ["Low", "Nirvana"])
        #expect(try await Track.fetch(in: context, where: \.identifier == MusicSeed.quorumID).map(\.title) == ["Quorum"])
        #expect(try await Track.count(in: context, where: \.number == nil) == 1)
        #expect(try await Track.count(in: context, where: .between(\.duration, 250, 300)) == 3)
        let founded = Date(timeIntervalSince1970: 567_993_600)
        #expect(try await Label.fetch(in: context, where: \.founded == founded).map(\.name) == ["Sub Pop"])
        #expect(try await Label.fetch(in: context, where: \.founded == nil).map(\.name) == ["Kranky"])
    }
}
