import Lamina

/// Why `Examples/index.json` could not be read as a catalog.
public enum ExampleCatalogError: LaminaFailure, Hashable {
    /// The index file could not be opened or read.
    case unreadable(path: String)
    /// The index is not valid JSON.
    case invalidJSON(path: String, JSONParseError)
    /// The JSON is valid but an entry lacks a field or has the wrong type; `where` is a JSON path.
    case invalidEntry(path: String, where: String, message: String)

    public var kind: FailureKind { .badInput }

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the example index"
        case .invalidJSON(let path, let error): return "\(path): \(error)"
        case .invalidEntry(let path, let location, let message): return "\(path): \(location): \(message)"
        }
    }
}
