// GNU gettext as glibc provides it (libintl.h): the message catalogs of
// AssistCore's and the views' sentences. Swift's Glibc module leaves it out.
#include <libintl.h>
#include <locale.h>
