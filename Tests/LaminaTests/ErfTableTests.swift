import Foundation
import Testing
@testable import Lamina

/// The tabulated erf every shadow coverage uses agrees with libm's to 10⁻⁹ everywhere.
@Suite("erf table")
struct ErfTableTests {
    @Test("within 1e-9 of libm on a dense sweep of −7…7, odd, and exactly ±1 beyond 6")
    func matchesLibm() {
        var worst = 0.0
        var x = -7.0
        while x <= 7 {
            worst = max(worst, abs(LaminaMath.erf(x) - LaminaMath.libmErf(x)))
            #expect(LaminaMath.erf(-x) == -LaminaMath.erf(x))
            x += 0.000_731
        }
        for i in 0...384 {
            let node = Double(i) / 64
            worst = max(worst, abs(LaminaMath.erf(node) - LaminaMath.libmErf(node)))
        }
        #expect(worst <= 1e-9, "largest difference \(worst)")
        #expect(LaminaMath.erf(6) == 1 && LaminaMath.erf(-40) == -1 && LaminaMath.erf(.infinity) == 1)
        #expect(LaminaMath.erf(0) == 0 && LaminaMath.erf(.nan).isNaN)
    }
}
