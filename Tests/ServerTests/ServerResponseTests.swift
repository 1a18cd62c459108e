import Foundation
import LaminaPNG
import Testing

/// `POST /render` answers: the same PNG bytes as `lamina render`, and every error status with its JSON.
@Suite(.serialized)
struct ServerResponseTests {
    @Test("a posted scene comes back as the same PNG bytes as `lamina render --png fast` writes (the service's default)")
    func renderMatchesTheCommandLine() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "gpu"
            $0.assetsDirectory = TestScenes.examples.path
        })
        let cases: [(String, String, [String])] = [
            ("listing-4.1-corner-radius.json", "", []),
            ("figure-4.12-mask-composition.json", "?scale=2", ["--scale", "2"]),
            ("listing-4.3-shadow-view.json", "?backend=cpu", ["--backend", "cpu"]),
        ]
        let folder = FileManager.default.temporaryDirectory.appending(path: "lamina-serve-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, query, args) in cases {
            let reply = try await h.post(try TestScenes.example(name), query: query)
            #expect(reply.status == 200, "\(name)\(query): \(reply.text.prefix(200))")
            #expect(reply.headers.first(name: "content-type") == "image/png")
            let out = folder.appending(path: name + ".png").path
            let cli = try LaminaBinary.run(["render", TestScenes.examples.appending(path: name).path, "-o", out, "--png", "fast"] + args)
            #expect(cli.status == 0, "\(cli.stderr)")
            let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(reply.body == expected, "\(name)\(query): served \(reply.body.count) bytes, lamina render wrote \(expected.count)")
        }
        try await h.stop()
    }

    @Test("with standard PNG compression the answer equals `lamina render`")
    func standardCompressionMatchesTheCommandLine() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.pngCompression = .standard })
        let name = "listing-4.3-shadow-view.json"
        let reply = try await h.post(try TestScenes.example(name))
        #expect(reply.status == 200)
        let out = FileManager.default.temporaryDirectory.appending(path: "lamina-serve-standard-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let cli = try LaminaBinary.run(["render", TestScenes.examples.appending(path: name).path, "-o", out])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(reply.body == [UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        try await h.stop()
    }

    @Test("a malformed scene is 400 with the JSON path; a scene past a limit is 422; a bad query is 400")
    func badScenes() async throws {
        let h = try await ServerHarness(ServerHarness.configuration())
        let bad = try await h.post(Array(#"{"width":10,"height":10,"root":{"sublayers":[{},{},{"cornerRadius":"x"}]}}"#.utf8))
        #expect(bad.status == 400)
        #expect(bad.headers.first(name: "content-type") == "application/json")
        #expect(bad.error?.path == "root.sublayers[2].cornerRadius")
        #expect(bad.error?.message.contains("expected a number") == true, "\(bad.text)")

        let wide = try await h.post(Array(#"{"width":100000,"height":10,"root":{}}"#.utf8))
        #expect(wide.status == 422, "\(wide.text)")
        #expect(wide.error?.message.contains("16384") == true, "\(wide.text)")

        let deep = String(repeating: #"{"sublayers":["#, count: 10_001) + "{}" + String(repeating: "]}", count: 10_001)
        let tooDeep = try await h.post(Array(#"{"width":10,"height":10,"root":\#(deep)}"#.utf8))
        #expect(tooDeep.status == 422, "\(tooDeep.text.prefix(300))")
        #expect(tooDeep.error?.message.contains("deeper than") == true)

        let names = try await h.post(try TestScenes.example("figure-4.12-mask-composition.json"))
        #expect(names.status == 400, "image names need --assets: \(names.text)")
        #expect(names.error?.path.hasPrefix("images.") == true)

        let scale = try await h.post(try TestScenes.example("listing-4.1-corner-radius.json"), query: "?scale=-1")
        #expect(scale.status == 400 && scale.error?.path == "?scale")
        let backend = try await h.post(try TestScenes.example("listing-4.1-corner-radius.json"), query: "?backend=vulkan")
        #expect(backend.status == 400 && backend.error?.path == "?backend")
        try await h.stop()
    }

    @Test("a body over the limit is 413, with or without a Content-Length")
    func bodyTooLarge() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.maxBodyBytes = 10_000 })
        let body = TestScenes.heavy(cards: 200)
        #expect(body.count > 10_000)
        let declared = try await h.post(body)
        #expect(declared.status == 413, "\(declared.text)")
        #expect(declared.error?.message.contains("10000 bytes") == true)
        let chunked = try await h.post(body, chunked: true)
        #expect(chunked.status == 413, "\(chunked.text)")
        let small = try await h.post(try TestScenes.example("listing-4.1-corner-radius.json"), chunked: true)
        #expect(small.status == 200)
        try await h.stop()
    }

    @Test("every file of the bad-input corpus is answered 400, 413 or 422 with the expected path or fact, never 500")
    func badInputCorpus() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.assetsDirectory = TestScenes.badInputs.path })
        let table = try String(contentsOf: TestScenes.badInputs.appending(path: "expected.tsv"), encoding: .utf8)
        var checked = 0
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard fields.count == 2, fields[0].hasSuffix(".json") else { continue }
            let body = [UInt8](try Data(contentsOf: TestScenes.badInputs.appending(path: fields[0])))
            let reply = try await h.post(body)
            #expect([400, 413, 422].contains(reply.status), "\(fields[0]): \(reply.status) \(reply.text.prefix(200))")
            let error = try #require(reply.error, "\(fields[0]): no JSON error: \(reply.text.prefix(200))")
            #expect((error.path + " " + error.message).contains(fields[1]), "\(fields[0]): \(reply.text.prefix(300))")
            checked += 1
        }
        #expect(checked >= 60, "only \(checked) scene files in the corpus")
        let huge = [UInt8](repeating: 0x20, count: (64 << 20) + 1)
        #expect(try await h.post(huge).status == 413)
        try await h.stop()
    }
}
