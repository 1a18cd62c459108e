import Foundation
import Testing
@testable import LaminaGLES

@Suite("Shaders validate with glslangValidator")
struct ShaderValidationTests {
    static let validator = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("every file in Shaders/ validates after #include expansion")
    func everyShaderValidates() throws {
        let library = try ShaderLibrary(directory: TestSupport.shaderDirectory.path)
        #expect(library.fileNames.count >= 10)
        let validator = try #require(ShaderValidationTests.validator, "glslangValidator is not installed")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-glsl-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var variants: [(name: String, file: String, text: String)] = []
        for name in library.fileNames {
            let text = try library.expandedSource(name)
            if name == "card.frag" {
                continue
            } else if name.hasSuffix(".glsl") {
                variants.append((name, name + ".frag", "#version 300 es\nprecision highp float;\n" + text + "\nvoid main() {}\n"))
            } else {
                variants.append((name, name, text))
                variants.append((name + " [LAMINA_CLIP_SHAPES]", "clipped-" + name,
                                 ShaderProgram.inserting(["LAMINA_CLIP_SHAPES"], into: text)))
                variants.append((name + " [LAMINA_IMAGE_MASK]", "masked-" + name,
                                 ShaderProgram.inserting(["LAMINA_CLIP_SHAPES", "LAMINA_IMAGE_MASK"], into: text)))
                variants.append((name + " [LAMINA_CLIP_SINGLE]", "single-" + name,
                                 ShaderProgram.inserting(["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE"], into: text)))
            }
        }
        // Every instanced program as the backend builds it, with its layout's parameter names. The
        // LAMINA_DESTINATION_FETCH variants need EXT_shader_framebuffer_fetch, which glslangValidator does
        // not know; the driver compiles them in DestinationFetchTests.
        for kind in DrawPrograms.InstancedKind.all {
            for defines in kind.programDefines {
                let text = ShaderProgram.inserting(defines, into: try library.expandedSource(kind.fragment))
                variants.append((kind.fragment + " \(kind.layout.name) \(defines.filter { !$0.hasPrefix("P_") })",
                                 "instanced-\(variants.count)-" + kind.fragment, text))
            }
        }
        #expect(variants.count >= 20)
        for (name, file, text) in variants {
            #expect(!text.contains("#include"), "\(name) still has an #include")
            let url = dir.appendingPathComponent(file)
            try text.write(to: url, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: validator)
            process.arguments = [url.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(name): \(output)")
        }
    }

    @Test("embedded sources equal the files in Shaders/")
    func embeddedMatchesFolder() throws {
        let folder = try ShaderLibrary(directory: TestSupport.shaderDirectory.path)
        let embedded = ShaderLibrary(sources: EmbeddedShaders.sources, origin: "embedded")
        #expect(folder.fileNames == embedded.fileNames)
        for name in folder.fileNames {
            #expect(try folder.rawSource(name) == embedded.rawSource(name), "\(name) differs")
        }
    }

    @Test("includes expand once each, recursively")
    func includeExpansion() throws {
        let library = ShaderLibrary(sources: [
            "a.glsl": "float a() { return 1.0; }",
            "b.glsl": "#include \"a.glsl\"\nfloat b() { return a(); }",
            "main.frag": "#version 300 es\n#include \"a.glsl\"\n  #include \"b.glsl\"\nvoid main() {}",
        ], origin: "test")
        let text = try library.expandedSource("main.frag")
        #expect(text.components(separatedBy: "float a()").count == 2)
        #expect(text.contains("float b()"))
        #expect(text.hasPrefix("#version 300 es\n"))
        #expect(throws: GLESError.self) { try library.expandedSource("missing.frag") }
    }
}
