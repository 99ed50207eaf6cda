/*
 * A test-only stand-in for Windows' bcryptprimitives.dll, for running our Windows builds
 * under Wine 8 (scripts/windows-smoke.sh). Programs built by Rust 1.78 and later take their
 * random bytes from ProcessPrng, which Wine 8's bcryptprimitives.dll lacks, so they stop at
 * start-up. This DLL, placed beside the program and preferred over Wine's own
 * (WINEDLLOVERRIDES=bcryptprimitives=n,b), gives ProcessPrng from RtlGenRandom
 * (advapi32's SystemFunction036), which Wine has. Never shipped: the package scripts copy
 * named files only, and Windows itself has the real DLL.
 *
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
