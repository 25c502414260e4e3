import ObjectGraph

/// The custom steps that stand in for the objc.io Moody chain's mapping models (`ARCHITECTURE.md`,
/// "Schema migrations", says how each mapping model translates). 1 → 2 and 3 → 4 need none: their
/// mapping models hold only default mappings, which the inferred steps perform.
enum MoodyMigrationSteps {
    static let all = [moodContinents, isoContinents, continents]

    /// `Moody 2-Moody 3.xcmappingmodel`: `Mood.continent` ← `$source.country.continent` (the inverse,
    /// `Continent.moods` ← `$source.countries.@distinctUnionOfSets.moods`, follows from it).
    static let moodContinents = CustomMigrationStep(from: "Moody 2", to: "Moody 3", name: "mood continents") { session in
        var continentOfCountry: [AnyObjectID: AnyObjectID] = [:]
        for country in try await session.sourceObjects(of: "Country") {
            continentOfCountry[country.id] = try country.destination("continent")
        }
        for mood in try await session.sourceObjects(of: "Mood") {
            guard let country = try mood.destination("country"), let continent = continentOfCountry[country] else { continue }
            try await session.setRelationship("continent", of: try session.destinationID(of: mood),
                                              to: try session.destinationID(of: continent, entity: "Continent"))
        }
    }

    /// `Moody 4-Moody 5.xcmappingmodel`: `Country.isoContinent` ← `$source.continent.numericISO3166Code`
    /// (no value for a country without a continent, as the key path gives nil).
    static let isoContinents = CustomMigrationStep(from: "Moody 4", to: "Moody 5", name: "continent codes") { session in
        var codeOfContinent: [AnyObjectID: AttributeValue] = [:]
        for continent in try await session.sourceObjects(of: "Continent") {
            codeOfContinent[continent.id] = try continent.value("numericISO3166Code")
        }
        for country in try await session.sourceObjects(of: "Country") {
            let code = try country.destination("continent").flatMap { codeOfContinent[$0] } ?? .null
            try await session.update(try session.destinationID(of: country), values: ["isoContinent": code])
        }
    }

    /// `Country5ToCountry6Policy` (`Moody 5-Moody 6.xcmappingmodel`): for each country with an
    /// `isoContinent`, find or create the `Continent` with that code and link it.
    static let continents = CustomMigrationStep(from: "Moody 5", to: "Moody 6", name: "link countries to continents") { session in
        var continentByCode: [AttributeValue: AnyObjectID] = [:]
        for country in try await session.sourceObjects(of: "Country") {
            let code = try country.value("isoContinent")
            guard !code.isNull else { continue }
            var continent = continentByCode[code]
            if continent == nil {
                continent = try await session.insert("Continent", values: ["numericISO3166Code": code])
                continentByCode[code] = continent
            }
            try await session.setRelationship("continent", of: try session.destinationID(of: country), to: continent)
        }
    }
}
