build-x/dealer/base/outfile.o: dealer/base/outfile.c dealer/base/base.h
dealer/base/base.h:
