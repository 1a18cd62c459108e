import Foundation

/// Whole-file reads for PNG input.
enum FileBytes {
    /// The largest PNG file read.
    static let maxBytes = 512 * 1024 * 1024

    static func read(_ path: String) throws(PNGError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            guard data.count <= maxBytes else { throw PNGError.unreadable(path: path, reason: "larger than \(maxBytes) bytes") }
            return [UInt8](data)
        } catch let e as PNGError {
            throw e
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
