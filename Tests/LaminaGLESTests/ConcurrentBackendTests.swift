import Foundation
import Lamina
import LaminaGLES
import Testing

/// Several GPU backends made, used and dropped on several threads at once, as the render service's workers and
/// the parallel test run do. They share one EGL display: one backend's teardown must never terminate the display
/// under another that is being made or is drawing.
@Suite struct ConcurrentBackendTests {
    static let plan: RenderPlan = {
        var commands: [DrawCommand] = []
        for i in 0..<40 {
            let x = Double(i % 8) * 30, y = Double(i / 8) * 30
            commands.append(TestSupport.fill(Rect(x, y, 26, 26), radius: 6, color: i % 2 == 0 ? TestSupport.red : TestSupport.blue))
        }
        return RenderPlan(width: 240, height: 150, clearColor: TestSupport.white, commands: commands)
    }()

    @Test func backendsMadeAndDroppedInParallelAllDrawTheSamePixels() async throws {
        let reference = try TestSupport.backend().render(Self.plan)
        let results = try await withThrowingTaskGroup(of: [Bitmap].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var bitmaps: [Bitmap] = []
                    for _ in 0..<8 {
                        let backend = try GLESBackend()
                        bitmaps.append(try backend.render(Self.plan))
                        bitmaps.append(try backend.render(Self.plan))
                    }
                    return bitmaps
                }
            }
            var all: [Bitmap] = []
            for try await bitmaps in group { all += bitmaps }
            return all
        }
        #expect(results.count == 64)
        for bitmap in results { #expect(bitmap == reference) }
    }
}
