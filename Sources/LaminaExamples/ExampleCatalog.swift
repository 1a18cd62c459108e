import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The list of example scenes, in the chapter's reading order, as `Examples/index.json` declares it.
///
/// The index is an array of `{"file", "title", "description", "figures"}` objects; `lamina gallery`
/// renders the files it names and the tests check that it names exactly the scene files present.
public enum ExampleCatalog {
    /// The index file's name inside the examples directory.
    public static let indexFileName = "index.json"

    /// Reads and parses `<directory>/index.json`.
    public static func load(directory: String) throws(ExampleCatalogError) -> [ExampleEntry] {
        let path = directory.hasSuffix("/") ? directory + indexFileName : directory + "/" + indexFileName
        guard let bytes = readFile(path) else { throw .unreadable(path: path) }
        return try entries(fromIndex: bytes, path: path)
    }

    /// Parses the bytes of an index document; `path` only names it in errors.
    public static func entries(fromIndex bytes: [UInt8], path: String = "index.json") throws(ExampleCatalogError) -> [ExampleEntry] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .invalidJSON(path: path, error)
        }
        guard case .array(let items) = document else {
            throw .invalidEntry(path: path, where: "$", message: "expected an array of entries, got \(document.kindName)")
        }
        var result: [ExampleEntry] = []
        for (i, item) in items.enumerated() {
            let location = "[\(i)]"
            guard case .object(let object) = item else {
                throw .invalidEntry(path: path, where: location, message: "expected an object, got \(item.kindName)")
            }
            func text(_ key: String) throws(ExampleCatalogError) -> String {
                guard case .string(let s)? = object[key] else {
                    throw .invalidEntry(path: path, where: "\(location).\(key)",
                                        message: "expected a string, got \(object[key]?.kindName ?? "nothing")")
                }
                return s
            }
            guard case .array(let figureValues)? = object["figures"] else {
                throw .invalidEntry(path: path, where: "\(location).figures",
                                    message: "expected an array of strings, got \(object["figures"]?.kindName ?? "nothing")")
            }
            var figures: [String] = []
            for (j, value) in figureValues.enumerated() {
                guard case .string(let figure) = value else {
                    throw .invalidEntry(path: path, where: "\(location).figures[\(j)]", message: "expected a string, got \(value.kindName)")
                }
                figures.append(figure)
            }
            result.append(ExampleEntry(file: try text("file"), title: try text("title"),
                                       description: try text("description"), figures: figures))
        }
        return result
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        try? InputFile.read(path, limit: Limits.maxDocumentBytes)
    }
}
