import Lamina
import LaminaExamples
import Testing

@Suite struct ExampleIndexTests {
    static let requiredListings = (1...7).map { "4.\($0)" }
    static let requiredFigures = ["4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.10", "4.11",
                                  "4.13", "4.14", "4.15", "4.18", "4.19", "4.20", "4.21"]

    @Test func indexListsExactlyTheSceneFilesPresent() throws {
        let entries = try ExampleCatalog.load(directory: ExamplesDirectory.path)
        let listed = entries.map(\.file)
        #expect(Set(listed).count == listed.count, "no file listed twice")
        #expect(listed.sorted() == (try ExamplesDirectory.sceneFiles()))
    }

    @Test func indexCoversTheRequiredListingsAndFigures() throws {
        let entries = try ExampleCatalog.load(directory: ExamplesDirectory.path)
        let listings = Set(entries.compactMap(\.listing))
        let figures = Set(entries.flatMap(\.figures))
        for listing in Self.requiredListings { #expect(listings.contains(listing), "Listing \(listing)") }
        for figure in Self.requiredFigures { #expect(figures.contains(figure), "Figure \(figure)") }
    }

    @Test func entriesAreInReadingOrderAndDescribed() throws {
        let entries = try ExampleCatalog.load(directory: ExamplesDirectory.path)
        // The chapter's listings and figures come first, in the chapter's order; pages of later content
        // (text, shapes, gradients) follow them and name no figure.
        let chapter = Array(entries.prefix { !$0.figures.isEmpty })
        let later = entries.dropFirst(chapter.count)
        let firstFigures = chapter.map { entry in
            entry.figures.map { Int($0.split(separator: ".")[1])! }.min()!
        }
        #expect(firstFigures == firstFigures.sorted())
        #expect(later.allSatisfy { $0.figures.isEmpty && $0.listing == nil })
        for entry in chapter {
            #expect(entry.file.hasPrefix("listing-4.") || entry.file.hasPrefix("figure-4."), "\(entry.file)")
        }
        for entry in entries {
            #expect(!entry.title.isEmpty && !entry.description.isEmpty && !entry.description.contains("\n"))
        }
    }

    @Test func listingNumberComesFromTheFileName() {
        #expect(ExampleEntry(file: "listing-4.3-shadow-view.json", title: "", description: "", figures: []).listing == "4.3")
        #expect(ExampleEntry(file: "figure-4.5-default-shadow.json", title: "", description: "", figures: []).listing == nil)
    }

    @Test func catalogRejectsMalformedIndexesWithAPath() {
        #expect(throws: ExampleCatalogError.invalidEntry(path: "index.json", where: "[0].figures",
                                                         message: "expected an array of strings, got nothing")) {
            try ExampleCatalog.entries(fromIndex: Array(#"[{"file":"a.json","title":"t","description":"d"}]"#.utf8))
        }
        #expect(throws: ExampleCatalogError.self) { try ExampleCatalog.entries(fromIndex: Array("[1,".utf8)) }
        #expect(throws: ExampleCatalogError.unreadable(path: "/nonexistent/index.json")) {
            try ExampleCatalog.load(directory: "/nonexistent")
        }
    }
}
