import Foundation

/// The GLSL sources of `Shaders/`: from a folder (`GLESOptions.shaderDirectory`, for iterating on
/// shaders without rebuilding), else embedded at build time. `#include "name.glsl"` lines are expanded
/// recursively, each snippet once per shader.
public struct ShaderLibrary: Sendable {
    /// Where sources come from, for messages: a folder path or "embedded".
    public let origin: String
    private let sources: [String: String]

    /// The sources embedded at build time.
    public init() {
        self.init(sources: EmbeddedShaders.sources, origin: "embedded")
    }

    /// Every `.vert`, `.frag` and `.glsl` file of a folder.
    public init(directory: String) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw GLESError.missingShader(file: "*", searched: directory)
        }
        var sources: [String: String] = [:]
        for name in names where ["vert", "frag", "glsl"].contains((name as NSString).pathExtension) {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw GLESError.missingShader(file: name, searched: directory)
            }
            sources[name] = text
        }
        self.init(sources: sources, origin: directory)
    }

    public init(sources: [String: String], origin: String) {
        self.sources = sources
        self.origin = origin
    }

    /// Names of every source file, sorted.
    public var fileNames: [String] { sources.keys.sorted() }

    /// The raw text of one file.
    public func rawSource(_ name: String) throws -> String {
        guard let text = sources[name] else { throw GLESError.missingShader(file: name, searched: origin) }
        return text
    }

    /// The text of one file with its includes expanded.
    public func expandedSource(_ name: String) throws -> String {
        var included: Set<String> = []
        return try expand(name, included: &included, depth: 0)
    }

    private func expand(_ name: String, included: inout Set<String>, depth: Int) throws -> String {
        guard depth < 16 else { throw GLESError.shader(file: name, log: "#include nested too deeply") }
        let text = try rawSource(name)
        var out: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let target = ShaderLibrary.includeTarget(line) else {
                out.append(line)
                continue
            }
            if included.insert(target).inserted {
                out.append(Substring(try expand(target, included: &included, depth: depth + 1)))
            }
        }
        return out.joined(separator: "\n")
    }

    /// The file named by an `#include "x"` line, or nil.
    static func includeTarget(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("#include") else { return nil }
        let parts = trimmed.split(separator: "\"")
        return parts.count >= 2 ? String(parts[1]) : nil
    }
}
