/* dispatch.c - the entry of every program built as one copy per x86-64
 * instruction-set level (Makefile LEVELS): it runs the best copy this CPU
 * runs well, so that one binary runs on any x86-64 CPU and still uses
 * BMI2's pext/pdep, AVX2 and the rest where they are fast. The copies are
 * the same sources compiled with -march=<level>; their fast paths are
 * chosen at compile time (__BMI2__, __AVX2__), so a copy never tests a CPU
 * flag in a hot loop.
 *
 *   x86-64-v4  AVX-512 F, CD, BW, DQ, VL, and VBMI2 and VPOPCNTDQ beyond the psABI level
 *              (Ice Lake, Zen 4 and later): the rules core's board in one
 *              vector register (rules/simd.h); the OS must save the ZMM
 *              state. valgrind cannot run it: MORPHOS_ARCH=x86-64-v3 there
 *   x86-64-v3  AVX2, BMI1/2, FMA, LZCNT, MOVBE; not where pext/pdep are
 *              microcoded (AMD before Zen 3, families 15h-18h: x86-64-v2)
 *   x86-64-v2  POPCNT, SSE3/SSSE3/SSE4.1/SSE4.2, CMPXCHG16B, LAHF
 *   x86-64     any x86-64 CPU
 *
 * MORPHOS_ARCH=x86-64|x86-64-v2|x86-64-v3|x86-64-v4 runs that copy instead (tests, a
 * comparison); one the CPU cannot run is refused with the reason, and
 * MORPHOS_ARCH=list prints the copies this CPU can run, best first. A
 * level left out of LEVELS is a missing (weak) entry and is never picked. */
#include <cpuid.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main_x86_64(int argc, char **argv) __attribute__((weak));
int main_x86_64_v2(int argc, char **argv) __attribute__((weak));
int main_x86_64_v3(int argc, char **argv) __attribute__((weak));
int main_x86_64_v4(int argc, char **argv) __attribute__((weak));

typedef struct {
    const char *name;
    int (*entry)(int, char **);
    bool runs; /* the CPU has every instruction of the level */
    bool fast; /* ... and runs them well */
    const char *what; /* its instructions beyond the level below */
} Level;

#define NLEVELS 4

static bool bit(unsigned reg, int b) { return reg >> b & 1; }

/* The levels as the CPU reports them (cpuid; AVX state enabled by the OS). */
static void detect(Level *lv)
{
    unsigned a = 0, b = 0, c = 0, d = 0, max = (unsigned)__get_cpuid_max(0, NULL);
    char vendor[13] = {0};
    __get_cpuid(0, &a, &b, &c, &d);
    memcpy(vendor, &b, 4), memcpy(vendor + 4, &d, 4), memcpy(vendor + 8, &c, 4);
    unsigned c1 = 0, d1 = 0, b7 = 0, cx = 0;
    if (max >= 1) __get_cpuid(1, &a, &b, &c1, &d1);
    unsigned family = (a >> 8 & 0xf) + ((a >> 8 & 0xf) == 0xf ? (a >> 20 & 0xff) : 0);
    if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000001u) __get_cpuid(0x80000001, &a, &b, &cx, &d);
    unsigned c7 = 0;
    if (max >= 7) __get_cpuid_count(7, 0, &a, &b7, &c7, &d);
    bool ymm = false, zmm = false;
    if (bit(c1, 27)) { /* OSXSAVE: the OS saves the AVX (and AVX-512) registers? */
        unsigned lo, hi;
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        ymm = (lo & 6) == 6;
        zmm = (lo & 0xe6) == 0xe6; /* XMM, YMM, opmask, ZMM_Hi256, Hi16_ZMM */
    }
    bool v2 = bit(c1, 0) && bit(c1, 9) && bit(c1, 13) && bit(c1, 19) && bit(c1, 20) && bit(c1, 23) && bit(cx, 0);
    bool v3 = v2 && ymm && bit(c1, 12) && bit(c1, 22) && bit(c1, 28) && bit(c1, 29) && bit(b7, 3) && bit(b7, 5) &&
              bit(b7, 8) && bit(cx, 5);
    /* AVX512 F (b7 16), DQ (17), CD (28), BW (30), VL (31); VBMI2 (c7 6), VPOPCNTDQ (c7 14) */
    bool v4 = v3 && zmm && bit(b7, 16) && bit(b7, 17) && bit(b7, 28) && bit(b7, 30) && bit(b7, 31) && bit(c7, 6) && bit(c7, 14);
    bool amd = !strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine");
    lv[0] = (Level){ "x86-64-v4", main_x86_64_v4, v4, true, "AVX-512 F, CD, BW, DQ, VL, VBMI2 and VPOPCNTDQ" };
    lv[1] = (Level){ "x86-64-v3", main_x86_64_v3, v3, !(amd && family < 0x19), "AVX2, BMI1/2, FMA, LZCNT, MOVBE" };
    lv[2] = (Level){ "x86-64-v2", main_x86_64_v2, v2, true, "POPCNT, SSE4.2" };
    lv[3] = (Level){ "x86-64", main_x86_64, true, true, "" };
}

int main(int argc, char **argv)
{
    Level lv[NLEVELS];
    detect(lv);
    const char *want = getenv("MORPHOS_ARCH");
    if (want && *want && strcmp(want, "auto") != 0) {
        if (!strcmp(want, "list")) {
            for (int i = 0; i < NLEVELS; i++)
                if (lv[i].entry && lv[i].runs) printf("%s%s\n", lv[i].name, lv[i].fast ? "" : " (slow pext/pdep)");
            return 0;
        }
        for (int i = 0; i < NLEVELS; i++) {
            if (strcmp(want, lv[i].name) != 0) continue;
            if (!lv[i].entry) break;
            if (lv[i].runs) return lv[i].entry(argc, argv);
            fprintf(stderr, "%s: MORPHOS_ARCH=%s: this CPU lacks instructions of %s (%s)\n", argv[0], want, want, lv[i].what);
            return 2;
        }
        fprintf(stderr, "%s: MORPHOS_ARCH=%s: not a level of this build; one of auto, list", argv[0], want);
        for (int i = 0; i < NLEVELS; i++)
            if (lv[i].entry) fprintf(stderr, ", %s", lv[i].name);
        fprintf(stderr, "\n");
        return 2;
    }
    for (int i = 0; i < NLEVELS; i++)
        if (lv[i].entry && lv[i].runs && lv[i].fast) return lv[i].entry(argc, argv);
    fprintf(stderr, "%s: no copy of this program runs on this CPU (built for:", argv[0]);
    for (int i = 0; i < NLEVELS; i++)
        if (lv[i].entry) fprintf(stderr, " %s", lv[i].name);
    fprintf(stderr, ")\n");
    return 2;
}
