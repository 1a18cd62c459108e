/// One scene of `Examples/index.json`: which file, what it shows, which of the chapter's figures.
public struct ExampleEntry: Hashable, Sendable {
    /// The scene file's name inside `Examples/` (e.g. `listing-4.1-corner-radius.json`).
    public var file: String
    /// A short title, e.g. "Listing 4.1 — cornerRadius and masksToBounds".
    public var title: String
    /// One line saying what the scene shows.
    public var description: String
    /// The chapter's figure numbers the scene reproduces, e.g. `["4.9", "4.10"]`.
    public var figures: [String]

    public init(file: String, title: String, description: String, figures: [String]) {
        self.file = file; self.title = title; self.description = description; self.figures = figures
    }

    /// The listing number when the file is named after a listing (`listing-4.3-….json` → "4.3").
    public var listing: String? {
        guard file.hasPrefix("listing-") else { return nil }
        let number = file.dropFirst("listing-".count).prefix { $0.isNumber || $0 == "." }
        let trimmed = number.hasSuffix(".") ? number.dropLast() : number
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
