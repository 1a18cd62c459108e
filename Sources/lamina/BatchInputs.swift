import Foundation
import Lamina
import LaminaPNG

/// The scene files of a batch: arguments that are files, folders (their `.json` files, sorted) or `-` (a list
/// of paths on standard input, one a line), and the output file name of each.
enum BatchInputs {
    static func expand(_ inputs: [String]) throws -> [String] {
        var files: [String] = []
        for input in inputs {
            if input == "-" {
                let bytes: [UInt8]
                do {
                    bytes = try InputFile.read(descriptor: STDIN_FILENO, limit: Limits.maxDocumentBytes)
                } catch {
                    throw RenderError(.badInput, "<stdin>: cannot read the list of scenes: \(error)")
                }
                files += String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
                files += names.filter { $0.hasSuffix(".json") }.sorted().map { (input as NSString).appendingPathComponent($0) }
            } else {
                files.append(input)
            }
        }
        guard !files.isEmpty else { throw RenderError(.badInput, "no scene files to render in \(inputs.joined(separator: " "))") }
        return files
    }

    /// `NAME.EXT` for `NAME.json`; a name already taken in this batch gets `-2`, `-3`, … before the extension.
    static func outputNames(_ files: [String], format: ImageFormat) -> [String] {
        var taken: Set<String> = []
        return files.map { file in
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            var name = base + "." + format.fileExtension
            var n = 2
            while taken.contains(name) {
                name = "\(base)-\(n).\(format.fileExtension)"
                n += 1
            }
            taken.insert(name)
            return name
        }
    }
}
