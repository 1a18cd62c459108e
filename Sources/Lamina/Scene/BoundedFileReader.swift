import Foundation

/// Reads whole files, refusing those larger than a limit without reading past it.
enum BoundedFileReader {
    /// A file over the limit; `size` is its size when known (else limit + 1).
    struct TooLarge: Error { var size: Int }

    /// A file that could not be opened or read.
    struct Unreadable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Unreadable(reason: "no such file")
        }
        if isDirectory.boolValue { throw Unreadable(reason: "it is a folder, not a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Unreadable(reason: "permission denied") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw Unreadable(reason: "read failed (\(error.localizedDescription))")
        }
        if data.count > limit {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            throw TooLarge(size: size ?? data.count)
        }
        return [UInt8](data)
    }
}
