import Foundation
import Testing

/// `deploy/kubernetes/*.yaml` against the Kubernetes schemas with `kubernetes-validate --strict` (offline;
/// `tools/setup` installs it into `.build-venv`), and the validator refusing a broken manifest.
@Suite struct DeploymentManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let validator = root + "/.build-venv/bin/kubernetes-validate"

    static func validate(_ files: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: validator)
        p.arguments = ["--strict"] + files
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    @Test("the Deployments, Service and HorizontalPodAutoscaler pass strict schema validation")
    func manifestsAreValid() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.validator), "run tools/setup: it installs kubernetes-validate into .build-venv")
        let folder = Self.root + "/deploy/kubernetes"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files == ["deployment-gpu.yaml", "deployment.yaml", "hpa.yaml", "service.yaml"])
        let (status, text) = try Self.validate(files.map { folder + "/" + $0 })
        #expect(status == 0, "\(text)")
        #expect(text.components(separatedBy: "passed").count - 1 == files.count, "\(text)")
    }

    @Test("the validator refuses a manifest with a misspelt field")
    func validatorCatchesMistakes() throws {
        let good = try String(contentsOfFile: Self.root + "/deploy/kubernetes/service.yaml", encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appending(path: "lamina-bad-\(getpid()).yaml").path
        try good.replacingOccurrences(of: "targetPort:", with: "targetPorts:").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, text) = try Self.validate([path])
        #expect(status != 0, "\(text)")
    }

    @Test("the container runs as a non-root user and checks /healthz; the Deployment probes /healthz and /readyz")
    func probesAndUser() throws {
        let containerfile = try String(contentsOfFile: Self.root + "/deploy/Containerfile", encoding: .utf8)
        #expect(containerfile.contains("USER 10001:10001"))
        #expect(containerfile.contains("http://127.0.0.1:8080/healthz"))
        #expect(containerfile.components(separatedBy: "\nFROM ").count - 1 + (containerfile.hasPrefix("FROM ") ? 1 : 0) >= 2, "multi-stage")
        let deployment = try String(contentsOfFile: Self.root + "/deploy/kubernetes/deployment.yaml", encoding: .utf8)
        #expect(deployment.contains("path: /healthz") && deployment.contains("path: /readyz"))
    }
}
