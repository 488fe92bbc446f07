build-x/tests/check_paper_pdf.o: tests/check_paper_pdf.c \
 printing/pr_int.h printing/printing.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h pbn/pbn.h tests/check_suites.h
printing/pr_int.h:
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
tests/check_suites.h:
