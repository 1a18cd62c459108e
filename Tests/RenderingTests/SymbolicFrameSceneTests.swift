import Foundation
import Lamina
@testable import LaminaGLES
import LaminaPNG
import LaminaText
import Testing

/// The frame builder on symbolic objects (`SymbolicObjects`: numbers, no context) builds the same steps as the
/// GPU backend on its context, for every example and bench scene: what a test reads from a symbolic frame is
/// what the GPU draws.
@Suite(.serialized) struct SymbolicFrameSceneTests {
    /// The steps as text, every texture and framebuffer renamed by the order it first appears in, so that
    /// frames built on different objects compare.
    static func canonical(_ steps: [GPUStep]) -> [String] {
        var framebuffers: [UInt32: Int] = [:], textures: [UInt32: Int] = [:]
        func fb(_ t: RenderTarget) -> String {
            let n = framebuffers[t.framebuffer] ?? framebuffers.count
            framebuffers[t.framebuffer] = n
            return "fb\(n) \(t.width)×\(t.height) at (\(t.originX), \(t.originY)) of \(t.textureWidth)×\(t.textureHeight) \(t.format)"
        }
        func tex(_ id: UInt32) -> Int {
            let n = textures[id] ?? textures.count
            textures[id] = n
            return n
        }
        return steps.map { step in
            switch step {
            case .clear(let target, let rects, let color):
                return "clear \(fb(target)) \(rects.map { "\($0)" } ?? "all") \(color)"
            case .draw(let d):
                let units = d.textures.map { "unit \($0.unit) tex\(tex($0.texture)) array \($0.array) filter \($0.filter)" }
                return "draw \(fb(d.target)) \(d.program) \(d.quads) \(d.uniforms) \(units) blending \(d.blending)"
            case .flush:
                return "flush"
            }
        }
    }

    /// The default strategies, every batching strategy off, and culling off.
    static let strategies: [(String, @Sendable (inout GLESOptions) -> Void)] = [
        ("default", { _ in }),
        ("no batching, atlas or text run cache", { $0.batching = false; $0.offscreenAtlas = false; $0.textRunCache = false }),
        ("no occlusion culling", { $0.occlusionCulling = false }),
    ]

    @Test("every example and bench scene, two frames each with each strategy: the same steps on symbolic objects as on the context, up to object numbers",
          arguments: 0..<3)
    func sameStepsAsOnTheContext(strategy: Int) throws {
        TextStack.install()
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        let files = try PlanTreeSceneTests.sceneFiles()
        #expect(files.count >= 30)
        let (name, change) = Self.strategies[strategy]
        for file in files {
            let plan = try RenderPlanner.plan(try decoder.decode(contentsOfFile: PlanTreeSceneTests.repository.appending(path: file).path))
            let backend = try Harness.freshGPU()
            change(&backend.options)
            backend.keepsFrameSteps = true
            let objects = SymbolicObjects()
            let builder = FrameBuilder(resources: GPUResources(objects: objects, options: backend.options, maxTextureSize: backend.info.maxTextureSize,
                                                               blurFormat: backend.resources.blurFormat),
                                       info: backend.info, options: backend.options) { _ in }
            builder.keepsFrameSteps = true
            for frame in 1...2 {
                _ = try backend.render(plan)
                try builder.build(plan, region: nil)
                let gpu = Self.canonical(backend.lastFrameSteps), symbolic = Self.canonical(builder.lastFrameSteps)
                #expect(gpu.count == symbolic.count, "\(file), \(name), frame \(frame): \(gpu.count) steps on the context, \(symbolic.count) symbolic")
                if let first = zip(gpu, symbolic).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                    Issue.record("\(file), \(name), frame \(frame): step \(first) differs:\n\(gpu[first].prefix(400))\n\(symbolic[first].prefix(400))")
                }
            }
            #expect(objects.counts == backend.liveObjectCounts, "\(file), \(name): the same objects alive after two frames")
        }
    }
}
