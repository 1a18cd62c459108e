import Lamina

/// Whole-file reads for PNG input, through `InputFile`: only regular files, never blocking.
enum FileBytes {
    /// The largest PNG file read.
    static let maxBytes = 512 * 1024 * 1024

    static func read(_ path: String) throws(PNGError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: maxBytes)
        } catch .tooLarge(let size) {
            throw .unreadable(path: path, reason: "it is \(size) bytes, larger than \(maxBytes) bytes")
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }
}
