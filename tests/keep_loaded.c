/* keep_loaded.c: preloaded into MPI tests of sanitizer builds.
 *
 * Open MPI and UCX unload their plug-ins at MPI_Finalize, and LeakSanitizer
 * reports at exit: by then the plug-ins' frames have no module name, so the
 * suppressions in lsan.supp could not tell the MPI library's own leaks from
 * ours.  Keeping every library loaded keeps the frames nameable. */
int dlclose(void *handle);

int dlclose(void *handle)
{
    (void)handle;
    return 0;
}
