import Foundation
import Lamina
import Testing
@testable import LaminaGLES

/// `Shaders/continuous_profile.glsl` is generated from `ContinuousCorner`; the GPU must read the same
/// table as the CPU.
@Suite("Continuous-corner profile shader")
struct ContinuousProfileShaderTests {
    @Test("Shaders/continuous_profile.glsl is the text generated from ContinuousCorner")
    func generatedFileIsCurrent() throws {
        let url = TestSupport.shaderDirectory.appendingPathComponent(ContinuousProfileShader.fileName)
        let expected = ContinuousProfileShader.source
        if ProcessInfo.processInfo.environment["LAMINA_WRITE_SHADER_TABLES"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "regenerate with LAMINA_WRITE_SHADER_TABLES=1 swift test --filter ContinuousProfileShaderTests")
        #expect(try ShaderLibrary().rawSource(ContinuousProfileShader.fileName) == text)
    }

    @Test("the table's literals round-trip ContinuousCorner.profile to float precision")
    func literalsMatchTheProfile() throws {
        let text = ContinuousProfileShader.source
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("    vec2(") }
        #expect(rows.count == ContinuousCorner.profile.count)
        for (row, sample) in zip(rows, ContinuousCorner.profile) {
            let numbers = row.dropFirst("    vec2(".count).split(whereSeparator: { $0 == "," || $0 == ")" || $0 == " " })
                .compactMap { Double($0) }
            #expect(numbers.count == 2)
            #expect(abs(numbers[0] - sample.g) <= 1e-7 && abs(numbers[1] - sample.slope) <= 1e-7)
        }
    }
}
