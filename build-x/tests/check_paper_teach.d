build-x/tests/check_paper_teach.o: tests/check_paper_teach.c \
 printing/teach_int.h printing/pr_int.h printing/printing.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h tests/check_suites.h
printing/teach_int.h:
printing/pr_int.h:
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
tests/check_suites.h:
